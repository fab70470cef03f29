import type { Adapter, AdapterFactory, AdapterPayload } from 'oidc-provider';

interface Entry<T> {
  value: T;
  expiresAt: number;
}

/** A Map whose entries expire; expired entries are dropped when read and swept now and then. */
class ExpiringMap {
  private readonly entries = new Map<string, Entry<unknown>>();
  private writes = 0;

  get<T>(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value as T;
  }

  set(key: string, value: unknown, expiresAt: number): void {
    this.entries.set(key, { value, expiresAt });
    if (++this.writes % 500 === 0) this.sweep();
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  private sweep(): void {
    const now = Date.now();
    for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(key);
  }
}

// Models whose records belong to a grant and die with it (revokeByGrantId).
const GRANT_MEMBERS = new Set(['AccessToken', 'AuthorizationCode', 'RefreshToken', 'DeviceCode', 'BackchannelAuthenticationRequest']);

/**
 * In-memory storage for the provider's sessions, interactions, grants and tokens, private to one
 * provider instance and without the size cap of oidc-provider's quick-start adapter. Everything is lost
 * on restart, which is acceptable for the development provider (people sign in again).
 */
export function createMemoryAdapter(): AdapterFactory {
  const store = new ExpiringMap();
  const grantKey = (grantId: string) => `grant:${grantId}`;
  const sessionUidKey = (uid: string) => `sessionUid:${uid}`;
  const userCodeKey = (code: string) => `userCode:${code}`;

  return (model: string): Adapter => {
    const key = (id: string) => `${model}:${id}`;
    const find = async (id: string | undefined) => (id === undefined ? undefined : store.get<AdapterPayload>(key(id)));
    return {
      async upsert(id, payload, expiresIn) {
        const expiresAt = typeof expiresIn === 'number' ? Date.now() + expiresIn * 1000 : Infinity;
        if (model === 'Session' && payload.uid) store.set(sessionUidKey(payload.uid), id, expiresAt);
        if (payload.userCode) store.set(userCodeKey(payload.userCode), id, expiresAt);
        if (GRANT_MEMBERS.has(model) && payload.grantId) {
          const members = store.get<Set<string>>(grantKey(payload.grantId)) ?? new Set<string>();
          members.add(key(id));
          // Tokens never outlive their grant, whose record has the longest life; keep the index as long.
          store.set(grantKey(payload.grantId), members, Math.max(expiresAt, Date.now() + 14 * 24 * 3600 * 1000));
        }
        store.set(key(id), payload, expiresAt);
      },
      find,
      async findByUid(uid) {
        return find(store.get<string>(sessionUidKey(uid)));
      },
      async findByUserCode(userCode) {
        return find(store.get<string>(userCodeKey(userCode)));
      },
      async consume(id) {
        const payload = store.get<AdapterPayload>(key(id));
        if (payload) payload.consumed = Math.floor(Date.now() / 1000);
      },
      async destroy(id) {
        store.delete(key(id));
      },
      async revokeByGrantId(grantId) {
        for (const member of store.get<Set<string>>(grantKey(grantId)) ?? []) store.delete(member);
        store.delete(grantKey(grantId));
      },
    };
  };
}
