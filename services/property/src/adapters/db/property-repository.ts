import { and, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { RefreshedValuation } from '@hsa/contracts';
import { enqueueEvent, type Db } from '@hsa/service-kit';
import {
  propertyEventTypes,
  type PropertyListFilter,
  type PropertyRecord,
  type PropertyValues,
} from '../../domain';
import { properties, type PropertyRow } from './schema';

// Compile-time proof that stored rows are what the domain expects.
const asRecord = (row: PropertyRow): PropertyRecord => row;

/**
 * Properties in PostgreSQL, always scoped to their owner: a query for someone else's property finds
 * nothing. Every change writes its event to the outbox in the same transaction.
 */
export class PropertyRepository {
  private readonly lists: Record<PropertyListFilter, ReturnType<typeof listQuery>>;

  constructor(private readonly db: Db) {
    this.lists = { all: listQuery(db, 'all'), active: listQuery(db, 'active'), archived: listQuery(db, 'archived') };
  }

  async create(userId: string, values: PropertyValues): Promise<PropertyRecord> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.insert(properties).values({ ...values, userId }).returning();
      if (!row) throw new Error('insert returned no row');
      await enqueueEvent(tx, { type: propertyEventTypes.created, propertyId: row.id, userId });
      return asRecord(row);
    });
  }

  async findOwned(userId: string, id: string): Promise<PropertyRecord | undefined> {
    const [row] = await this.db.select().from(properties).where(owned(userId, id));
    return row && asRecord(row);
  }

  async update(userId: string, id: string, changes: Partial<PropertyValues>): Promise<PropertyRecord | undefined> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(properties)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(owned(userId, id))
        .returning();
      if (!row) return undefined;
      await enqueueEvent(tx, { type: propertyEventTypes.updated, propertyId: row.id, userId });
      return asRecord(row);
    });
  }

  /** Saves a refreshed value estimate; emits property.valuation.refreshed. */
  async updateValuation(userId: string, id: string, values: RefreshedValuation): Promise<PropertyRecord | undefined> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(properties)
        .set({ ...values, updatedAt: sql`now()` })
        .where(owned(userId, id))
        .returning();
      if (!row) return undefined;
      await enqueueEvent(tx, { type: propertyEventTypes.valuationRefreshed, propertyId: row.id, userId });
      return asRecord(row);
    });
  }

  /**
   * Archives or restores a property. Only a real transition changes the row and emits an event;
   * archiving an archived property (or restoring an active one) just returns it.
   */
  async setArchived(userId: string, id: string, archived: boolean): Promise<PropertyRecord | undefined> {
    return this.db.transaction(async (tx) => {
      const [changed] = await tx
        .update(properties)
        .set({ archivedAt: archived ? sql`now()` : null, updatedAt: sql`now()` })
        .where(and(owned(userId, id), archived ? isNull(properties.archivedAt) : isNotNull(properties.archivedAt)))
        .returning();
      if (changed) {
        const type = archived ? propertyEventTypes.archived : propertyEventTypes.unarchived;
        await enqueueEvent(tx, { type, propertyId: changed.id, userId });
        return asRecord(changed);
      }
      const [unchanged] = await tx.select().from(properties).where(owned(userId, id));
      return unchanged && asRecord(unchanged);
    });
  }

  /** One user's properties, newest first. */
  async list(userId: string, filter: PropertyListFilter): Promise<PropertyRecord[]> {
    const rows = await this.lists[filter].execute({ userId });
    return rows.map(asRecord);
  }
}

/**
 * The list query of one filter, built once and prepared by name: the dashboard asks for it on every visit and every
 * live update, and building the SQL (and PostgreSQL parsing and planning it) each time was most of the call's cost.
 */
function listQuery(db: Db, filter: PropertyListFilter) {
  const conditions: SQL[] = [eq(properties.userId, sql.placeholder('userId'))];
  if (filter === 'active') conditions.push(isNull(properties.archivedAt));
  if (filter === 'archived') conditions.push(isNotNull(properties.archivedAt));
  return db
    .select()
    .from(properties)
    .where(and(...conditions))
    .orderBy(desc(properties.createdAt), desc(properties.id))
    .prepare(`property_list_${filter}`);
}

function owned(userId: string, id: string): SQL {
  return and(eq(properties.id, id), eq(properties.userId, userId))!;
}
