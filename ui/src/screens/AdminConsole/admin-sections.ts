/** The operator console's sections, in order; a new section is one line here. */
export const ADMIN_SECTIONS = [
  { to: '/admin/verification', labelId: 'admin.sections.verification' },
  { to: '/admin/contest', labelId: 'admin.sections.contest' },
  { to: '/admin/orders', labelId: 'finance.sections.orders' },
  { to: '/admin/notifications', labelId: 'finance.sections.notifications' },
  { to: '/admin/payouts', labelId: 'finance.sections.payouts' },
  { to: '/admin/sale', labelId: 'finance.sections.sale' },
  { to: '/admin/buybacks', labelId: 'admin.sections.buybacks' },
  { to: '/admin/audit-log', labelId: 'admin.sections.auditLog' },
] as const;
