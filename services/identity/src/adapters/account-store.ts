import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Account } from '../domain/account';

/**
 * Accounts by subject. Kept in memory; with a data directory also written to `accounts.json`, so a
 * restarted provider still knows the names of people who signed in before.
 */
export class AccountStore {
  private readonly accounts = new Map<string, Account>();
  private writing: Promise<void> = Promise.resolve();

  private constructor(private readonly file: string | undefined) {}

  static async open(dataDir?: string): Promise<AccountStore> {
    const store = new AccountStore(dataDir ? path.join(dataDir, 'accounts.json') : undefined);
    if (store.file) {
      await mkdir(path.dirname(store.file), { recursive: true });
      const saved = await readFile(store.file, 'utf8').catch((err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT') return undefined;
        throw err;
      });
      if (saved) for (const account of JSON.parse(saved) as Account[]) store.accounts.set(account.sub, account);
    }
    return store;
  }

  find(sub: string): Account | undefined {
    return this.accounts.get(sub);
  }

  async save(account: Account): Promise<void> {
    this.accounts.set(account.sub, account);
    await this.persist();
  }

  /** Waits for pending writes (used on shutdown). */
  flush(): Promise<void> {
    return this.writing;
  }

  private persist(): Promise<void> {
    const file = this.file;
    if (!file) return Promise.resolve();
    // Writes run one after another and each replaces the file atomically, so a crash never leaves half a file.
    this.writing = this.writing
      .catch(() => undefined)
      .then(async () => {
        const temp = `${file}.${process.pid}.tmp`;
        await writeFile(temp, JSON.stringify([...this.accounts.values()], null, 2));
        await rename(temp, file);
      });
    return this.writing;
  }
}
