/**
 * A member's account and credit: deleting it, changing the email, push on this device, the CPD ledger.
 * Their machines and effects, evaluated in a task of their own at start (src/ui/boot.tsx).
 */
import { provideAccountDeletion } from '../../application/account-deletion.effects';
import { provideCpd } from '../../application/cpd.effects';
import { provideEmailChange } from '../../application/email-change.effects';
import { providePushSettings } from '../../application/push-settings.effects';
import type { AppMachines } from '../../application/services';
import type { MachinePorts } from './ports';

export function provideAccountMachines(ports: MachinePorts): Pick<AppMachines, 'accountDeletion' | 'emailChange' | 'pushSettings' | 'cpd'> {
  return {
    accountDeletion: () => provideAccountDeletion(ports),
    emailChange: () => provideEmailChange(ports),
    pushSettings: () => providePushSettings(ports),
    cpd: () => provideCpd(ports),
  };
}
