/**
 * Every machine's effects bound to the ports, in one place beside the composition root (ADR 003): views get machines
 * ready to run and never provide effects themselves (a dependency-cruiser rule says so).
 */
import type { AppMachines } from '../application/services';
import { provideAccountMachines } from './machine-groups/account';
import { provideCommunityMachines } from './machine-groups/community';
import { provideLearningMachines } from './machine-groups/learning';
import { provideStaffMachines } from './machine-groups/staff';
import type { MachinePorts } from './machine-groups/ports';

export type { MachinePorts } from './machine-groups/ports';

export function provideMachines(ports: MachinePorts): AppMachines {
  return {
    ...provideLearningMachines(ports), ...provideCommunityMachines(ports), ...provideAccountMachines(ports), ...provideStaffMachines(ports),
  };
}
