import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { brandKits } from '../../db/infographics.schema.ts';

export type BrandKitRow = typeof brandKits.$inferSelect;
export type BrandKitValues = Omit<typeof brandKits.$inferInsert, 'userId' | 'updatedAt'>;

/** One brand kit per user. */
export class BrandKitsRepository {
  constructor(private readonly db: Db) {}

  async find(userId: string): Promise<BrandKitRow | undefined> {
    const [row] = await this.db.select().from(brandKits).where(eq(brandKits.userId, userId));
    return row;
  }

  /** Writes the kit, creating it on first save. */
  async save(userId: string, values: BrandKitValues): Promise<BrandKitRow> {
    const [row] = await this.db
      .insert(brandKits)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: brandKits.userId, set: { ...values, updatedAt: new Date() } })
      .returning();
    if (!row) throw new Error('The brand kit was not saved');
    return row;
  }
}
