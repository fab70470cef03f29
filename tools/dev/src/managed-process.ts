import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, type WriteStream } from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { formatLogLine, nameColors } from './log-format';

/** Where a child's output goes: pretty-printed with a name prefix to our stdout, or raw to a file. */
export type LogTarget = { kind: 'console'; width?: number } | { kind: 'file'; dir: string };

export interface ExitInfo {
  code: number | null;
  signal: NodeJS.Signals | null;
}

const RECENT_LINES = 40;
const alive = new Set<ManagedProcess>();
let colorIndex = 0;

// A last resort when our own process ends without stop() (crash, process.exit): children must not outlive us.
process.on('exit', () => {
  for (const child of alive) child.kill(child.signalOnExit);
});

/** Sends `signal` to every child still running (the launcher's forced exit). */
export function killAll(signal: NodeJS.Signals): void {
  for (const child of alive) child.kill(signal);
}

/** A child process we own: its output is forwarded line by line, its last lines kept for error messages. */
export class ManagedProcess {
  readonly exited: Promise<ExitInfo>;
  readonly signalOnExit: NodeJS.Signals;
  private exitInfo: ExitInfo | undefined;
  private readonly recent: string[] = [];
  private readonly child: ChildProcess;
  private readonly file: WriteStream | undefined;
  private readonly fileClosed: Promise<void>;
  private readonly lineListeners = new Set<(line: string) => void>();

  constructor(
    readonly name: string,
    command: string,
    args: string[],
    options: {
      env: NodeJS.ProcessEnv;
      cwd: string;
      logs: LogTarget;
      /** Run in its own process group, so a terminal's Ctrl-C reaches only us and we stop children in order. */
      detached?: boolean;
      uid?: number;
      gid?: number;
      /** Sent when our process exits while this child still runs. Default SIGTERM. */
      signalOnExit?: NodeJS.Signals;
    },
  ) {
    this.signalOnExit = options.signalOnExit ?? 'SIGTERM';
    const { logs } = options;
    let write: (line: string) => void;
    if (logs.kind === 'file') {
      mkdirSync(logs.dir, { recursive: true });
      const file = createWriteStream(path.join(logs.dir, `${name}.log`), { flags: 'a' });
      this.file = file;
      write = (line) => file.write(line + '\n');
    } else {
      const color = !!process.stdout.isTTY && !process.env.NO_COLOR;
      const paint = nameColors[colorIndex++ % nameColors.length]!;
      const label = name.padEnd(logs.width ?? 9);
      const prefix = color ? paint(label) : label;
      write = (line) => process.stdout.write(`${prefix}| ${formatLogLine(line, color)}\n`);
    }
    this.fileClosed = this.file ? new Promise((resolve) => this.file!.once('close', () => resolve())) : Promise.resolve();

    this.child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: options.detached ?? false,
      ...(options.uid !== undefined ? { uid: options.uid } : {}),
      ...(options.gid !== undefined ? { gid: options.gid } : {}),
    });
    alive.add(this);
    const onLine = (line: string) => {
      this.recent.push(line);
      if (this.recent.length > RECENT_LINES) this.recent.shift();
      write(line);
      for (const listener of this.lineListeners) listener(line);
    };
    const streamsDone = [this.child.stdout!, this.child.stderr!].map((stream) => {
      const lines = readline.createInterface({ input: stream, crlfDelay: Infinity });
      lines.on('line', onLine);
      return new Promise<void>((resolve) => lines.once('close', () => resolve()));
    });
    this.exited = new Promise((resolve) => {
      const finish = (info: ExitInfo) => {
        if (this.exitInfo) return;
        this.exitInfo = info;
        alive.delete(this);
        // Wait for the last lines to be read before anyone reports on them.
        void Promise.all(streamsDone).then(() => {
          this.file?.end();
          resolve(info);
        });
      };
      this.child.once('exit', (code, signal) => finish({ code, signal }));
      this.child.once('error', (err) => {
        onLine(`failed to start ${command}: ${err.message}`);
        finish({ code: null, signal: null });
      });
    });
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  get hasExited(): ExitInfo | undefined {
    return this.exitInfo;
  }

  /** The last lines the process printed (at most 40). */
  lastLines(count = 20): string[] {
    return this.recent.slice(-count);
  }

  /** Calls `listener` for every line printed from now on; returns a function that removes it. */
  onLine(listener: (line: string) => void): () => void {
    this.lineListeners.add(listener);
    return () => this.lineListeners.delete(listener);
  }

  kill(signal: NodeJS.Signals): void {
    if (!this.exitInfo) this.child.kill(signal);
  }

  /** `signal` (default SIGTERM), then SIGKILL when it has not exited after `graceMs`. */
  async stop(graceMs = 10_000, signal: NodeJS.Signals = 'SIGTERM'): Promise<ExitInfo> {
    if (!this.exitInfo) {
      this.kill(signal);
      const timer = setTimeout(() => this.kill('SIGKILL'), graceMs);
      await this.exited;
      clearTimeout(timer);
    }
    await this.fileClosed;
    return this.exitInfo!;
  }
}

export function describeExit(info: ExitInfo): string {
  return info.signal ? `was killed by ${info.signal}` : `exited with code ${info.code}`;
}
