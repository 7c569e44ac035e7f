import { DashboardPage } from '@/features/account/dashboard-page';
import { AdminOverview } from '@/features/admin/admin-overview';

/**
 * /admin/dashboard: the account dashboard every role has, with the admin's counts and links as its
 * Administration section. Composed here because a feature never imports another feature.
 */
export function AdminDashboardPage() {
  return <DashboardPage administration={<AdminOverview />} />;
}
