import type { StaffRole } from '../../../domain/staff';

/** Who may open the console's workshop pages: editors (and admins), as the calls allow (src/contract/staff-workshops.ts). */
export const EDITORS: readonly StaffRole[] = ['editor'];
