#!/usr/bin/python3
"""Runs a command under the kernel-level restrictions a systemd unit file asks for, without systemd.

    unit-sandbox.py UNIT-FILE COMMAND [ARGUMENT...]

Tools/deploy-test.sh starts quill-server through this so that the restrictions that could break
a Swift binary are exercised in CI, where no systemd runs. Read from the unit's [Service]
section, and applied the way systemd 252 (Debian 12) applies them:

- NoNewPrivileges=yes                       prctl(PR_SET_NO_NEW_PRIVS)
- MemoryDenyWriteExecute=yes                seccomp: no mmap that is writable and executable,
                                            no mprotect/pkey_mprotect to executable, no shmat SHM_EXEC
- SystemCallFilter=, SystemCallErrorNumber=,
  SystemCallArchitectures=native            seccomp allow list of the named groups, expanded by
                                            `systemd-analyze syscall-filter`
- RestrictAddressFamilies=                  seccomp: socket() of any other family fails (EAFNOSUPPORT)
- CapabilityBoundingSet= (empty), User=     when run as root: the bounding set is emptied and the
                                            command runs as nobody (65534), standing in for User=

The environment is passed on unchanged (the caller sets it, e.g. with env -i). Needs python3-seccomp.
"""
import ctypes
import errno
import os
import socket
import subprocess
import sys

import seccomp

PR_SET_NO_NEW_PRIVS = 38
PR_CAPBSET_DROP = 24
PROT_WRITE, PROT_EXEC = 0x2, 0x4
SHM_EXEC = 0o100000
NOBODY = 65534


def service_settings(path):
    """Each [Service] key with its assignments, in order."""
    settings, section = {}, None
    with open(path, encoding="utf-8") as unit:
        for line in unit:
            line = line.strip()
            if not line or line[0] in "#;":
                continue
            if line.startswith("["):
                section = line
                continue
            if section == "[Service]" and "=" in line:
                key, value = line.split("=", 1)
                settings.setdefault(key.strip(), []).append(value.strip())
    return settings


def syscalls_of(name, cache={}):
    """The system calls a name stands for: itself, or a @group expanded recursively."""
    if not name.startswith("@"):
        return {name}
    if name not in cache:
        listing = subprocess.run(["systemd-analyze", "syscall-filter", name], check=True,
                                 capture_output=True, text=True).stdout.splitlines()[1:]
        members = set()
        for entry in listing:
            entry = entry.strip()
            if entry and not entry.startswith("#"):
                members |= syscalls_of(entry)
        cache[name] = members
    return cache[name]


def allowed_syscalls(assignments):
    """systemd's rule: the first assignment sets allow (plain) or deny (~) mode; later ones of the
    same mode add to the list, of the other mode take away from it; an empty one resets."""
    mode, names = None, set()
    for value in assignments:
        if not value:
            mode, names = None, set()
            continue
        inverted = value.startswith("~")
        entries = set()
        for word in value.lstrip("~").split():
            entries |= syscalls_of(word)
        if mode is None:
            mode, names = ("deny" if inverted else "allow"), entries
        elif (mode == "deny") == inverted:
            names |= entries
        else:
            names -= entries
    if mode != "allow":
        raise SystemExit("unit-sandbox: expected a SystemCallFilter= allow list")
    return names


def error_number(assignments):
    if not assignments or not assignments[-1]:
        return None
    return getattr(errno, assignments[-1])


def load_syscall_filter(settings):
    names = allowed_syscalls(settings.get("SystemCallFilter", []))
    refusal = error_number(settings.get("SystemCallErrorNumber"))
    syscall_filter = seccomp.SyscallFilter(seccomp.ERRNO(refusal) if refusal else seccomp.KILL_PROCESS)
    for name in sorted(names):
        try:
            syscall_filter.add_rule(seccomp.ALLOW, name)
        except (RuntimeError, ValueError):
            pass  # not a system call of this architecture
    syscall_filter.load()


def load_write_execute_filter():
    memory = seccomp.SyscallFilter(seccomp.ALLOW)
    both = PROT_WRITE | PROT_EXEC
    memory.add_rule(seccomp.ERRNO(errno.EPERM), "mmap", seccomp.Arg(2, seccomp.MASKED_EQ, both, both))
    for name in ("mprotect", "pkey_mprotect"):
        memory.add_rule(seccomp.ERRNO(errno.EPERM), name, seccomp.Arg(2, seccomp.MASKED_EQ, PROT_EXEC, PROT_EXEC))
    memory.add_rule(seccomp.ERRNO(errno.EPERM), "shmat", seccomp.Arg(2, seccomp.MASKED_EQ, SHM_EXEC, SHM_EXEC))
    memory.load()


def load_address_family_filter(assignments):
    allowed = {getattr(socket, name) for value in assignments for name in value.split()}
    families = seccomp.SyscallFilter(seccomp.ALLOW)
    for family in range(0, 64):
        if family not in allowed:
            families.add_rule(seccomp.ERRNO(errno.EAFNOSUPPORT), "socket", seccomp.Arg(0, seccomp.EQ, family))
    families.load()


def yes(settings, key):
    return settings.get(key, ["no"])[-1].lower() in ("yes", "true", "on", "1")


def main():
    if len(sys.argv) < 3:
        raise SystemExit(__doc__)
    settings = service_settings(sys.argv[1])
    command = sys.argv[2:]
    libc = ctypes.CDLL(None, use_errno=True)

    if os.geteuid() == 0 and settings.get("User"):
        if settings.get("CapabilityBoundingSet", [None])[-1] == "":
            last = int(open("/proc/sys/kernel/cap_last_cap").read())
            for capability in range(last + 1):
                if libc.prctl(PR_CAPBSET_DROP, capability, 0, 0, 0) != 0:
                    raise OSError(ctypes.get_errno(), "PR_CAPBSET_DROP")
        os.setgroups([])
        os.setgid(NOBODY)
        os.setuid(NOBODY)
    if yes(settings, "NoNewPrivileges") and libc.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0:
        raise OSError(ctypes.get_errno(), "PR_SET_NO_NEW_PRIVS")
    if settings.get("RestrictAddressFamilies"):
        load_address_family_filter(settings["RestrictAddressFamilies"])
    if yes(settings, "MemoryDenyWriteExecute"):
        load_write_execute_filter()
    if settings.get("SystemCallFilter"):
        load_syscall_filter(settings)
    os.execv(command[0], command)


if __name__ == "__main__":
    main()
