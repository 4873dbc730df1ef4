import {
  ADMIN_NOTIFICATIONS_PAGE_SIZE,
  ADMIN_ORDERS_PAGE_SIZE,
} from '@brnd/contracts/api/admin-orders';
import {
  type PaymentDesk,
  ALL_ORDERS_SQL,
  type ListRow,
  type NotificationRow,
  NOTIFICATION_COLUMNS,
  toNotification,
  likeLiteral,
} from './rows.ts';
import type { PaymentDeskContext } from './context.ts';

/** Searching orders and the notifications providers sent. */
export function searchOperations(
  ctx: PaymentDeskContext,
): Pick<PaymentDesk, 'notifications' | 'search' | 'detail'> {
  const { deps, detail } = ctx;
  const { db } = deps;

  return {
    async notifications(filter) {
      const conditions: string[] = [];
      const bind: unknown[] = [];
      const add = (sql: (placeholder: string) => string, value: unknown) => {
        bind.push(value);
        conditions.push(sql(`$${bind.length}`));
      };
      if (filter.order) add((p) => `lower(order_ref) = lower(${p})`, filter.order);
      if (filter.provider) add((p) => `provider = ${p}`, filter.provider);
      if (filter.outcome) add((p) => `outcome = ${p}`, filter.outcome);
      const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
      const [rows, [total]] = await Promise.all([
        db.query<NotificationRow>(
          `SELECT ${NOTIFICATION_COLUMNS} FROM payment_notifications ${where}
           ORDER BY id DESC LIMIT ${ADMIN_NOTIFICATIONS_PAGE_SIZE} OFFSET $${bind.length + 1}`,
          [...bind, filter.offset ?? 0],
        ),
        db.query<{ count: string }>(
          `SELECT count(*) AS count FROM payment_notifications ${where}`,
          bind,
        ),
      ]);
      return { notifications: rows.map(toNotification), count: Number(total?.count ?? 0) };
    },

    async search(filter) {
      const conditions: string[] = [];
      const bind: unknown[] = [];
      const add = (sql: (placeholder: string) => string, value: unknown) => {
        bind.push(value);
        conditions.push(sql(`$${bind.length}`));
      };
      if (filter.email)
        add((p) => `user_email ILIKE '%' || ${p} || '%'`, likeLiteral(filter.email));
      if (filter.id) add((p) => `lower(id) = lower(${p})`, filter.id);
      if (filter.status) add((p) => `status = ${p}`, filter.status);
      if (filter.method) add((p) => `method = ${p}`, filter.method);
      if (filter.undecided) conditions.push('needs_decision');
      if (filter.from) add((p) => `created_at >= ${p}::date`, filter.from);
      // Inclusive: the whole last day.
      if (filter.to) add((p) => `created_at < ${p}::date + 1`, filter.to);
      const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
      const matching = `FROM (${ALL_ORDERS_SQL}) AS all_orders ${where}`;
      const [rows, [total]] = await Promise.all([
        db.query<ListRow>(
          `SELECT * ${matching} ORDER BY created_at DESC, id
           LIMIT ${ADMIN_ORDERS_PAGE_SIZE} OFFSET $${bind.length + 1}`,
          [...bind, filter.offset ?? 0],
        ),
        db.query<{ count: string }>(`SELECT count(*) AS count ${matching}`, bind),
      ]);
      return {
        count: Number(total?.count ?? 0),
        orders: rows.map((row) => ({
          id: row.id,
          method: row.method,
          user_email: row.user_email,
          status: row.status,
          usd: Number(row.usd),
          token_price: Number(row.token_price),
          brnd_tokens: Number(row.tokens),
          payment_exception: row.payment_exception,
          needs_decision: row.needs_decision,
          created_at: row.created_at.toISOString(),
        })),
      };
    },

    detail,
  };
}
