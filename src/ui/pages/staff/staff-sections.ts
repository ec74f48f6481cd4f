/**
 * The staff console's sections (issue 36), in the order its navigation lists them, with the roles that may open each
 * (an admin may open every one). The server checks the same roles on every call (src/contract/*: `staff`); this list
 * only decides which links a staff member sees.
 */
import type { StaffRole } from '../../../domain/staff';

export interface StaffSection {
  href: string;
  label: string;
  roles: readonly StaffRole[];
}

export const STAFF_SECTIONS: readonly StaffSection[] = [
  { href: '/staff', label: 'Home', roles: ['moderator', 'editor'] },
  { href: '/staff/inbox', label: 'Inbox', roles: ['moderator', 'editor'] },
  { href: '/staff/members', label: 'Members', roles: ['moderator'] },
  { href: '/staff/moderation', label: 'Moderation', roles: ['moderator'] },
  { href: '/staff/content/articles', label: 'Content', roles: ['editor'] },
  { href: '/staff/workshops', label: 'Workshops', roles: ['editor'] },
  { href: '/staff/cpd', label: 'CPD reports', roles: ['editor'] },
  { href: '/staff/newsletter', label: 'Newsletter', roles: ['editor'] },
  { href: '/staff/analytics', label: 'Analytics', roles: ['moderator', 'editor'] },
  { href: '/staff/roles', label: 'Roles', roles: ['admin'] },
  { href: '/staff/audit', label: 'Audit log', roles: ['admin'] },
];
