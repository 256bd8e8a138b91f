/// Where work runs that must leave the cores to one thread beside it: the reading side of an
/// import while the store creates the files, and the reading side of a search index's
/// catch-up while the index is written.
///
/// Exists because on two cores such a command has more busy threads than cores and one of them
/// is the critical path: shared evenly, that thread waited for a core, and every moment it waits
/// the command is longer. Tasks that prefer this executor (`withTaskExecutorPreference`,
/// `Task(executorPreference:)`) and their child tasks run on its threads. The live executor's
/// threads run below the default priority, so they get every cycle the critical thread leaves;
/// tests use one at the default priority.
public protocol BackgroundExecutor: TaskExecutor {}
