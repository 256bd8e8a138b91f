#!/usr/bin/env bash
# `quill edit ID` with no field options, on a REAL pseudo-terminal (tmux) with a real terminal
# editor (vim): keys typed into vim change the note (and `quill diff` shows it coloured); vim's `:cq` changes nothing; Ctrl-C goes to
# the editor, not to quill, which reports and changes nothing; the file edited is private (0600
# in a 0700 directory) and gone afterwards. Each wait is bounded, so an editor stopped by the
# terminal (quill's old hang) is a failure here, never a hang of CI. Also: escape sequences in a
# note reach the terminal shown (`^[`), not obeyed; a change another process writes while vim is
# open is merged with what vim saves; a text the note cannot take is kept, named in the hint.
#
# Usage: Tools/pty-editor-test.sh   (QUILL_BINARY=path/to/quill to test a binary already built)
# Needs tmux and vim. An isolated QUILL_HOME, TMPDIR and tmux server; all removed at the end.
set -euo pipefail
cd "$(dirname "$0")/.."

for tool in tmux vim; do
  command -v "$tool" >/dev/null || { echo "pty-editor-test: $tool is not installed" >&2; exit 1; }
done
quill="${QUILL_BINARY:-}"
if [ -z "$quill" ]; then
  swift build --product quill >/dev/null
  quill="$(swift build --show-bin-path)/quill"
fi
quill="$(cd "$(dirname "$quill")" && pwd)/$(basename "$quill")"

work="$(mktemp -d "${TMPDIR:-/tmp}/quill-pty-test.XXXXXX")"
socket="quill-pty-test-$$"
tmux_() { tmux -L "$socket" -f /dev/null "$@"; }
cleanup() {
  # Whatever a failed run left: the tmux server (and with it the panes), then any process
  # this script started that survived it (the pids were recorded by the panes themselves).
  tmux_ kill-server 2>/dev/null || true
  for pidfile in "$work"/*.pid; do
    [ -e "$pidfile" ] && kill -KILL "$(cat "$pidfile")" 2>/dev/null || true
  done
  rm -rf "$work"
}
trap cleanup EXIT

export QUILL_HOME="$work/home"
export XDG_CONFIG_HOME="$work/config"  # no settings of the user's (an editor there would beat $EDITOR)
unset QUILL_EDITOR
mkdir -p "$work/tmp"
fail() {
  echo "pty-editor-test: FAIL: $*" >&2
  for session in $(tmux_ list-sessions -F '#S' 2>/dev/null); do
    echo "--- screen of $session:" >&2
    tmux_ capture-pane -p -t "$session" >&2 || true
  done
  exit 1
}

# wait_for SECONDS DESCRIPTION COMMAND...: polls COMMAND every 0.1 s until it succeeds.
wait_for() {
  local seconds="$1" what="$2"; shift 2
  local tries=$((seconds * 10))
  until "$@"; do
    tries=$((tries - 1))
    [ "$tries" -gt 0 ] || fail "timed out after ${seconds}s waiting for $what"
    sleep 0.1
  done
}
screen_shows() { tmux_ capture-pane -p -t "$1" | grep -qF -- "$2"; }

# The editor: records how its file and directory are protected, its pid (for cleanup), then
# becomes vim with no user configuration. Two other editors for the Ctrl-C cases: a plain
# `sleep` (Ctrl-C ends it), and one that, as ed does, catches Ctrl-C, prints "?", and goes on
# to save (when told to by $RECORD.go).
cat > "$work/editor" <<'EDITOR'
#!/bin/sh
echo $$ > "$RECORD.pid"
{ echo "$1"; stat -c '%a %U' "$1"; stat -c '%a %U' "$(dirname "$1")"; } > "$RECORD"
case "${EDITOR_KIND:-vim}" in
  sleep) echo ready >> "$RECORD"; exec sleep 30 ;;
  catching)
    trap 'echo "?"' INT
    echo ready >> "$RECORD"
    while [ ! -e "$RECORD.go" ]; do sleep 0.1; done
    printf 'Saved after a Ctrl-C\n\nOriginal body' > "$1"
    exit 0 ;;
  *) exec vim -u NONE -i NONE -N "$1" ;;
esac
EDITOR
chmod +x "$work/editor"

id="$("$quill" add "Original title" --body "Original body" </dev/null)"
before="$("$quill" show "$id" --json)"

# What a tmux pane runs: `quill edit ID` on the pane's terminal, its pid in $work/NAME-quill.pid,
# its stderr in $work/NAME.err, its exit status in $work/NAME.status. The pane's shell catches
# SIGINT (so it outlives a Ctrl-C and records quill's status); quill, exec'd, starts with the
# default SIGINT, as from an interactive shell.
cat > "$work/run-edit" <<RUN
#!/bin/sh
name="\$1"; shift
trap ':' INT
sh -c 'echo \$\$ > "\$0"; exec "\$@"' "$work/\$name-quill.pid" \\
  env -u VISUAL EDITOR="$work/editor" RECORD="$work/\$name.record" TMPDIR="$work/tmp" QUILL_HOME="$QUILL_HOME" "\$@" \\
  "$quill" edit "$id" 2>"$work/\$name.err"
echo \$? > "$work/\$name.status"
sleep 30
RUN
chmod +x "$work/run-edit"

# start_edit NAME [VAR=VALUE...]: `quill edit ID` in a new tmux session, on a real pty.
start_edit() {
  tmux_ new-session -d -s "$1" -x 100 -y 30 "exec '$work/run-edit' $*"
}
# finish NAME EXPECTED_STATUS: waits for quill to end, checks its status and the private file.
finish() {
  local name="$1" expected="$2"
  wait_for 10 "quill to return after the editor ($name)" test -s "$work/$name.status"
  local status; status="$(cat "$work/$name.status")"
  [ "$status" = "$expected" ] || fail "$name: quill exited with $status, expected $expected; stderr: $(cat "$work/$name.err")"
  local path; path="$(sed -n 1p "$work/$name.record")"
  [ "$(sed -n 2p "$work/$name.record")" = "600 $(id -un)" ] || fail "$name: the file edited was $(sed -n 2p "$work/$name.record"), not 600"
  [ "$(sed -n 3p "$work/$name.record")" = "700 $(id -un)" ] || fail "$name: its directory was $(sed -n 3p "$work/$name.record"), not 700"
  [ "$(dirname "$(dirname "$path")")" = "$work/tmp" ] || fail "$name: the file edited, $path, is not in a directory of its own in TMPDIR"
  [ ! -e "$path" ] && [ ! -e "$(dirname "$path")" ] || fail "$name: $path (or its directory) is still there"
  [ -z "$(ls -A "$work/tmp")" ] || fail "$name: TMPDIR still holds $(ls -A "$work/tmp")"
  tmux_ kill-session -t "$name"
}

# vim_type_and_save NAME KEYS: types KEYS into vim in normal mode, then :wq.
vim_type_and_save() {
  tmux_ send-keys -t "$1" -l "$2"
  tmux_ send-keys -t "$1" Escape
  sleep 0.3
  tmux_ send-keys -t "$1" -l ':wq'
  tmux_ send-keys -t "$1" Enter
}

# 1. Keys typed into vim change the note. A Ctrl-C first goes to vim (which, in normal mode,
#    answers "Type :qa and press <Enter> to exit Vim") and must not end quill.
start_edit typed
wait_for 10 "vim to show the note (typed)" screen_shows typed "Original title"
tmux_ send-keys -t typed C-c
wait_for 10 "vim to take the Ctrl-C (typed)" screen_shows typed ":qa"
vim_type_and_save typed 'ggccEdited in vim'
finish typed 0
"$quill" show "$id" | grep -qx "Edited in vim" || fail "typed: the title did not change: $("$quill" show "$id")"
"$quill" show "$id" | grep -qx "Original body" || fail "typed: the body changed: $("$quill" show "$id")"
before="$("$quill" show "$id" --json)"

# 2. vim's :cq (exit non-zero) after typing changes nothing.
start_edit failed
wait_for 10 "vim to show the note (failed)" screen_shows failed "Edited in vim"
tmux_ send-keys -t failed -l 'ggccThrown away'
tmux_ send-keys -t failed Escape
sleep 0.3
tmux_ send-keys -t failed -l ':w'
tmux_ send-keys -t failed Enter
tmux_ send-keys -t failed -l ':cq'
tmux_ send-keys -t failed Enter
finish failed 1
grep -q "exited with status 1; nothing was changed" "$work/failed.err" || fail "failed: stderr was: $(cat "$work/failed.err")"
[ "$("$quill" show "$id" --json)" = "$before" ] || fail "failed: the note changed after :cq"

# 3. Ctrl-C ends an editor that does not catch it; quill survives, reports, changes nothing.
start_edit interrupted EDITOR_KIND=sleep
wait_for 10 "the editor to start (interrupted)" grep -qs ready "$work/interrupted.record"
tmux_ send-keys -t interrupted C-c
finish interrupted 1
grep -q "the editor .* was ended by signal 2" "$work/interrupted.err" || fail "interrupted: stderr was: $(cat "$work/interrupted.err")"
[ "$("$quill" show "$id" --json)" = "$before" ] || fail "interrupted: the note changed after Ctrl-C"

# 4. An editor that catches Ctrl-C and goes on: what it then saves is used (no shell left
#    between quill and the editor to die of that Ctrl-C and fail the edit).
start_edit caught EDITOR_KIND=catching
wait_for 10 "the editor to start (caught)" grep -qs ready "$work/caught.record"
tmux_ send-keys -t caught C-c
wait_for 10 "the editor to catch Ctrl-C (caught)" screen_shows caught "?"
touch "$work/caught.record.go"
finish caught 0
"$quill" show "$id" | grep -qx "Saved after a Ctrl-C" || fail "caught: the title did not change: $("$quill" show "$id")"

# 5. The history of those edits, and `quill diff` coloured on a terminal (red the line taken
#    out, green the one put in), as git colours a diff.
tmux_ new-session -d -s diff -x 100 -y 30 "QUILL_HOME='$QUILL_HOME' '$quill' diff '$id'; QUILL_HOME='$QUILL_HOME' '$quill' history '$id'; sleep 30"
wait_for 10 "quill diff and history to print" screen_shows diff "created"
screen="$(tmux_ capture-pane -e -p -t diff)"
grep -qF $'\e[31m-title: Edited in vim' <<<"$screen" || fail "diff: the removed line is not red: $screen"
grep -qF $'\e[32m+title: Saved after a Ctrl-C' <<<"$screen" || fail "diff: the added line is not green: $screen"
grep -q "this device" <<<"$screen" || fail "history: no revision from this device: $screen"
tmux_ kill-session -t diff

# 6. A note's escape sequences (it may come from anyone: an import, a shared server) are shown on
#    the terminal, not obeyed: the pane keeps its title and its screen; a pipe gets the bytes.
evil="$("$quill" add $'Evil \e]2;pwned\a title' --body $'first line\n\e[2J\e[Hcleared' </dev/null)"
tmux_ new-session -d -s escapes -x 100 -y 30 "echo BEFORE; QUILL_HOME='$QUILL_HOME' '$quill' show '$evil'; QUILL_HOME='$QUILL_HOME' '$quill' list; sleep 30"
wait_for 10 "quill show and list to print" screen_shows escapes "cleared"
screen="$(tmux_ capture-pane -p -t escapes)"
[ "$(tmux_ display -p -t escapes '#{pane_title}')" != "pwned" ] || fail "escapes: a note's title retitled the terminal"
grep -qx "BEFORE" <<<"$screen" || fail "escapes: a note's body cleared the screen: $screen"
grep -qF 'Evil ^[]2;pwned^G title' <<<"$screen" || fail "escapes: the title's escape is not shown: $screen"
grep -qF '^[[2J^[[Hcleared' <<<"$screen" || fail "escapes: the body's escapes are not shown: $screen"
"$quill" show "$evil" | grep -qF $'\e[2J\e[Hcleared' || fail "escapes: a pipe did not get the note's bytes"
tmux_ kill-session -t escapes

# 7. Another process writes the note while vim has it open (as `quill sync --watch` does when
#    another device's change arrives): what vim saves is merged with it, not written over it.
"$quill" edit "$id" --body=$'line one\nline two\nline three\n' </dev/null >/dev/null
start_edit merged
wait_for 10 "vim to show the note (merged)" screen_shows merged "line three"
"$quill" edit "$id" --body=$'line ONE from elsewhere\nline two\nline three\n' </dev/null >/dev/null
vim_type_and_save merged 'GccLINE THREE in vim'
finish merged 0
[ "$("$quill" show "$id" | tail -n 3)" = $'line ONE from elsewhere\nline two\nLINE THREE in vim' ] \
  || fail "merged: the change made while vim was open is not kept beside vim's: $("$quill" show "$id")"

# 8. What vim saves and the note cannot take (the title line deleted) changes nothing, and is kept
#    where vim saved it (private), named in the hint: nothing typed is lost.
before="$("$quill" show "$id" --json)"
start_edit refused
wait_for 10 "vim to show the note (refused)" screen_shows refused "LINE THREE in vim"
vim_type_and_save refused 'ggddGoTyped before the refusal'
wait_for 10 "quill to return after the editor (refused)" test -s "$work/refused.status"
[ "$(cat "$work/refused.status")" = 1 ] || fail "refused: quill exited with $(cat "$work/refused.status"); stderr: $(cat "$work/refused.err")"
grep -q "has no title on its first line" "$work/refused.err" || fail "refused: stderr was: $(cat "$work/refused.err")"
kept="$(sed -n 's/^hint: the edited text is kept in \(.*\): fix it.*/\1/p' "$work/refused.err")"
[ -n "$kept" ] && grep -q "Typed before the refusal" "$kept" || fail "refused: the text is not kept: $(cat "$work/refused.err")"
[ "$(stat -c '%a' "$kept")" = 600 ] || fail "refused: the kept file is $(stat -c '%a' "$kept"), not 600"
[ "$("$quill" show "$id" --json)" = "$before" ] || fail "refused: the note changed"
rm -r "$(dirname "$kept")"
tmux_ kill-session -t refused

echo "pty-editor-test: quill edit on a real terminal: vim edits; :cq and Ctrl-C change nothing; a caught Ctrl-C does not fail the edit; the file was private and removed; diff is coloured there; escape sequences in a note are shown, not obeyed; a change made while vim was open is merged with vim's; a text the note cannot take is kept, privately"
