/**
 * The staff's tools: newsletters, suspensions, the content editor and the CPD export.
 * Their machines and effects, evaluated in a task of their own at start (src/ui/boot.tsx).
 */
import { provideContentEditor } from '../../application/content-editor.effects';
import { provideMemberSuspension } from '../../application/member-suspension.effects';
import { provideNewsletterSend } from '../../application/newsletter-send.effects';
import { provideStaffCpdExport } from '../../application/staff-cpd-export.effects';
import type { AppMachines } from '../../application/services';
import type { MachinePorts } from './ports';

export function provideStaffMachines(ports: MachinePorts): Pick<AppMachines, 'newsletterSend' | 'memberSuspension' | 'contentEditor' | 'staffCpdExport'> {
  return {
    newsletterSend: () => provideNewsletterSend(ports),
    memberSuspension: () => provideMemberSuspension(ports),
    contentEditor: () => provideContentEditor(ports),
    staffCpdExport: () => provideStaffCpdExport(ports),
  };
}
