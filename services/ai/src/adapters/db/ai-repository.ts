import { and, eq, sql } from 'drizzle-orm';
import { enqueueEvent, notFound, type Db } from '@hsa/service-kit';
import type { ListingResult, RecommendationsResult } from '../../domain/engines';
import { listings, recommendationSets, type ListingRow, type RecommendationSetRow } from './schema';

/**
 * Generated results in PostgreSQL, one row per property, answered only to the user who owns them.
 * Saving writes the event (recommendations.generated, listing.generated) to the outbox in the same transaction.
 */
export class AiRepository {
  constructor(private readonly db: Db) {}

  /** `basedOnEstimate`: the home's estimate they were written for (null when it had none). */
  async saveRecommendations(userId: string, propertyId: string, result: RecommendationsResult, basedOnEstimate: number | null): Promise<RecommendationSetRow> {
    return this.db.transaction(async (tx) => {
      const values = {
        propertyId,
        userId,
        recommendations: result.recommendations,
        engine: result.engine,
        model: result.model,
        generatedAt: new Date(),
        basedOnEstimate,
      };
      const [row] = await tx
        .insert(recommendationSets)
        .values(values)
        // Another user's stored results are never replaced (the gateway checks ownership first; this holds anyway).
        .onConflictDoUpdate({ target: recommendationSets.propertyId, set: values, setWhere: eq(recommendationSets.userId, userId) })
        .returning();
      if (!row) throw notFound('Property not found');
      await enqueueEvent(tx, { type: 'recommendations.generated', propertyId, userId });
      return row;
    });
  }

  async findRecommendations(userId: string, propertyId: string): Promise<RecommendationSetRow | undefined> {
    const [row] = await this.db
      .select()
      .from(recommendationSets)
      .where(and(eq(recommendationSets.propertyId, propertyId), eq(recommendationSets.userId, userId)));
    return row;
  }

  async findListing(userId: string, propertyId: string): Promise<ListingRow | undefined> {
    const [row] = await this.db.select().from(listings).where(and(eq(listings.propertyId, propertyId), eq(listings.userId, userId)));
    return row;
  }

  /**
   * `sourceNote`: why the built-in writer answered in the model's place ('' when it did not). `basedOnEstimate`: the
   * home's estimate it was written for (null when it had none).
   */
  async saveListing(
    userId: string,
    propertyId: string,
    result: ListingResult,
    options: { variant: number; sourceNote?: string; basedOnEstimate: number | null },
  ): Promise<ListingRow> {
    const { variant, sourceNote = '', basedOnEstimate } = options;
    return this.db.transaction(async (tx) => {
      const values = {
        propertyId,
        userId,
        description: result.description,
        keySellingPoints: result.keySellingPoints,
        engine: result.engine,
        model: result.model,
        sourceNote,
        variant,
        generatedAt: new Date(),
        editedAt: null,
        basedOnEstimate,
      };
      const [row] = await tx
        .insert(listings)
        .values(values)
        .onConflictDoUpdate({ target: listings.propertyId, set: values, setWhere: eq(listings.userId, userId) })
        .returning();
      if (!row) throw notFound('Property not found');
      await enqueueEvent(tx, { type: 'listing.generated', propertyId, userId });
      return row;
    });
  }

  /** The owner's edit of the description; undefined when the property has no listing (of theirs). */
  async updateListingDescription(userId: string, propertyId: string, description: string): Promise<ListingRow | undefined> {
    const [row] = await this.db
      .update(listings)
      .set({ description, editedAt: sql`now()` })
      .where(and(eq(listings.propertyId, propertyId), eq(listings.userId, userId)))
      .returning();
    return row;
  }
}
