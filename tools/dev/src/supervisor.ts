import { describeExit, type ExitInfo, type ManagedProcess } from './managed-process';

export interface RestartPolicy {
  /** Wait before the first restart (ms); doubled after each restart that did not last. Default 250. */
  initialDelayMs?: number;
  /** Longest wait between restarts (ms). Default 15 s. */
  maxDelayMs?: number;
  /** A process that ran at least this long (ms) counts as healthy again: the next restart waits initialDelayMs. Default 60 s. */
  stableAfterMs?: number;
}

export interface SupervisedOptions {
  name: string;
  /** Starts the process (a new one at each restart, with the same settings: ports, data folder). */
  start: () => ManagedProcess;
  /** Resolves once a (re)started process is ready; rejects when it is not (it is then restarted again). */
  ready?: (child: ManagedProcess) => Promise<void>;
  /** Where restarts are told (one line each). */
  log: (message: string) => void;
  policy?: RestartPolicy;
}

/**
 * A process that is started again, with backoff, whenever it ends without being asked to: a crashed service, or an
 * embedded server killed from outside, comes back by itself. Only stop() ends it for good.
 */
export class Supervised {
  readonly name: string;
  private child: ManagedProcess;
  private stopping = false;
  private consecutive = 0;
  private restartCount = 0;
  private startedAt = Date.now();
  private timer: NodeJS.Timeout | undefined;
  private readonly listeners = new Set<(child: ManagedProcess) => void>();

  /** Supervises `first`, a process already started (and ready) with `options.start`. */
  constructor(
    first: ManagedProcess,
    private readonly options: SupervisedOptions,
  ) {
    this.name = options.name;
    this.child = first;
    this.watch(first);
  }

  /** The process running now (a new one after each restart). */
  get current(): ManagedProcess {
    return this.child;
  }

  get restarts(): number {
    return this.restartCount;
  }

  /** Calls `listener` with each restarted process once it is ready; returns a function that removes it. */
  onRestart(listener: (child: ManagedProcess) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Stops supervising, then stops the current process (signal, then SIGKILL after graceMs). */
  async stop(graceMs?: number, signal?: NodeJS.Signals): Promise<ExitInfo> {
    this.stopping = true;
    clearTimeout(this.timer);
    return this.child.stop(graceMs, signal);
  }

  /** Kills the current process at once (the launcher's forced exit). */
  kill(signal: NodeJS.Signals): void {
    this.stopping = true;
    clearTimeout(this.timer);
    this.child.kill(signal);
  }

  private watch(child: ManagedProcess): void {
    void child.exited.then((exit) => {
      if (this.stopping || child !== this.child) return;
      const ranMs = Date.now() - this.startedAt;
      this.consecutive = ranMs >= (this.options.policy?.stableAfterMs ?? 60_000) ? 0 : this.consecutive + 1;
      const delay = Math.min(
        (this.options.policy?.initialDelayMs ?? 250) * 2 ** Math.max(0, this.consecutive - 1),
        this.options.policy?.maxDelayMs ?? 15_000,
      );
      const last = child.lastLines(3);
      this.options.log(
        `${this.name} ${describeExit(exit)}; restarting in ${(delay / 1000).toFixed(1)} s (restart ${this.restartCount + 1})` +
          (last.length ? `. Last lines:\n${last.map((l) => `    ${l}`).join('\n')}` : ''),
      );
      this.timer = setTimeout(() => void this.restart(), delay);
    });
  }

  private async restart(): Promise<void> {
    if (this.stopping) return;
    const began = Date.now();
    this.restartCount += 1;
    this.startedAt = began;
    let child: ManagedProcess;
    try {
      child = this.options.start();
    } catch (err) {
      this.options.log(`${this.name} could not be started again: ${(err as Error).message}; retrying`);
      this.consecutive += 1;
      this.timer = setTimeout(() => void this.restart(), this.options.policy?.maxDelayMs ?? 15_000);
      return;
    }
    this.child = child;
    this.watch(child);
    if (!this.options.ready) return this.announce(child, began);
    try {
      await this.options.ready(child);
      if (!this.stopping && child === this.child) this.announce(child, began);
    } catch (err) {
      if (this.stopping || child !== this.child) return;
      this.options.log(`${this.name} did not become ready after its restart (${(err as Error).message}); stopping it to try again`);
      // Its exit is noticed by watch(), which schedules the next attempt.
      await child.stop(2000);
    }
  }

  private announce(child: ManagedProcess, began: number): void {
    this.options.log(`${this.name} is back (restart ${this.restartCount}, ${((Date.now() - began) / 1000).toFixed(1)} s)`);
    for (const listener of this.listeners) listener(child);
  }
}

/** A process started by startWhenReady: the one running now, supervised or not. */
export interface ReadyProcess {
  pid(): number | undefined;
  stop(graceMs?: number, signal?: NodeJS.Signals): Promise<ExitInfo>;
}

/**
 * Starts a process and waits until it is ready (stopping it when it is not), then, with `restart`, supervises it so
 * it comes back by itself.
 */
export async function startWhenReady(options: {
  name: string;
  start: () => ManagedProcess;
  ready: (child: ManagedProcess) => Promise<void>;
  restart?: { log: (message: string) => void };
}): Promise<ReadyProcess> {
  const first = options.start();
  try {
    await options.ready(first);
  } catch (err) {
    await first.stop(2000);
    throw err;
  }
  if (!options.restart) return { pid: () => first.pid, stop: (graceMs, signal) => first.stop(graceMs, signal) };
  const supervised = new Supervised(first, { name: options.name, start: options.start, ready: options.ready, log: options.restart.log });
  return { pid: () => supervised.current.pid, stop: (graceMs, signal) => supervised.stop(graceMs, signal) };
}
