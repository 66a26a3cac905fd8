import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { publications, publishingConnections, webhookDeliveries, webhooks } from '../db/schema.ts';

export type ConnectionRow = typeof publishingConnections.$inferSelect;
export type PublicationRow = typeof publications.$inferSelect;
export type WebhookRow = typeof webhooks.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;

/** SQL for publishing connections, publications, webhooks and their deliveries. Reads name the owner. */
export class PublishingRepository {
  constructor(private readonly db: Db) {}

  async addConnection(values: typeof publishingConnections.$inferInsert): Promise<ConnectionRow> {
    const [row] = await this.db.insert(publishingConnections).values(values).returning();
    if (!row) throw new Error('Insert returned no row');
    return row;
  }

  async connections(userId: string): Promise<ConnectionRow[]> {
    return this.db
      .select()
      .from(publishingConnections)
      .where(eq(publishingConnections.userId, userId))
      .orderBy(asc(publishingConnections.createdAt));
  }

  async connection(userId: string, id: string): Promise<ConnectionRow | undefined> {
    const [row] = await this.db
      .select()
      .from(publishingConnections)
      .where(and(eq(publishingConnections.id, id), eq(publishingConnections.userId, userId)));
    return row;
  }

  async deleteConnection(userId: string, id: string): Promise<boolean> {
    const rows = await this.db
      .delete(publishingConnections)
      .where(and(eq(publishingConnections.id, id), eq(publishingConnections.userId, userId)))
      .returning({ id: publishingConnections.id });
    return rows.length > 0;
  }

  async touchConnection(id: string): Promise<void> {
    await this.db
      .update(publishingConnections)
      .set({ checkedAt: new Date() })
      .where(eq(publishingConnections.id, id));
  }

  async publication(
    contentId: string,
    connectionId: string,
    language: string,
  ): Promise<PublicationRow | undefined> {
    const [row] = await this.db
      .select()
      .from(publications)
      .where(
        and(
          eq(publications.contentId, contentId),
          eq(publications.connectionId, connectionId),
          eq(publications.language, language),
        ),
      );
    return row;
  }

  async publications(contentId: string): Promise<(PublicationRow & { connection: ConnectionRow })[]> {
    const rows = await this.db
      .select()
      .from(publications)
      .innerJoin(publishingConnections, eq(publications.connectionId, publishingConnections.id))
      .where(eq(publications.contentId, contentId))
      .orderBy(desc(publications.updatedAt));
    return rows.map((r) => ({ ...r.publications, connection: r.publishing_connections }));
  }

  async savePublication(values: typeof publications.$inferInsert): Promise<PublicationRow> {
    const [row] = await this.db
      .insert(publications)
      .values(values)
      .onConflictDoUpdate({
        target: [publications.contentId, publications.connectionId, publications.language],
        set: {
          remoteId: values.remoteId,
          remoteUrl: values.remoteUrl,
          status: values.status,
          updatedAt: new Date(),
        },
      })
      .returning();
    if (!row) throw new Error('Insert returned no row');
    return row;
  }

  async addWebhook(values: typeof webhooks.$inferInsert): Promise<WebhookRow> {
    const [row] = await this.db.insert(webhooks).values(values).returning();
    if (!row) throw new Error('Insert returned no row');
    return row;
  }

  async webhooks(userId: string): Promise<WebhookRow[]> {
    return this.db
      .select()
      .from(webhooks)
      .where(eq(webhooks.userId, userId))
      .orderBy(asc(webhooks.createdAt));
  }

  async webhook(userId: string, id: string): Promise<WebhookRow | undefined> {
    const [row] = await this.db
      .select()
      .from(webhooks)
      .where(and(eq(webhooks.id, id), eq(webhooks.userId, userId)));
    return row;
  }

  async webhookById(id: string): Promise<WebhookRow | undefined> {
    const [row] = await this.db.select().from(webhooks).where(eq(webhooks.id, id));
    return row;
  }

  async deleteWebhook(userId: string, id: string): Promise<boolean> {
    const rows = await this.db
      .delete(webhooks)
      .where(and(eq(webhooks.id, id), eq(webhooks.userId, userId)))
      .returning({ id: webhooks.id });
    return rows.length > 0;
  }

  /** The user's webhooks that want `event`. */
  async subscribers(userId: string, event: string): Promise<WebhookRow[]> {
    return this.db
      .select()
      .from(webhooks)
      .where(and(eq(webhooks.userId, userId), sql`${webhooks.events} @> ${JSON.stringify([event])}::jsonb`));
  }

  /** A delivery for one event to one webhook; undefined when that event was already queued for it. */
  async addDelivery(values: typeof webhookDeliveries.$inferInsert): Promise<DeliveryRow | undefined> {
    const [row] = await this.db.insert(webhookDeliveries).values(values).onConflictDoNothing().returning();
    return row;
  }

  async delivery(id: string): Promise<DeliveryRow | undefined> {
    const [row] = await this.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
    return row;
  }

  async updateDelivery(id: string, values: Partial<typeof webhookDeliveries.$inferInsert>): Promise<void> {
    await this.db
      .update(webhookDeliveries)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(webhookDeliveries.id, id));
  }

  async deliveries(webhookIds: string[], limit: number): Promise<DeliveryRow[]> {
    if (!webhookIds.length) return [];
    return this.db
      .select()
      .from(webhookDeliveries)
      .where(inArray(webhookDeliveries.webhookId, webhookIds))
      .orderBy(desc(webhookDeliveries.createdAt))
      .limit(limit);
  }
}
