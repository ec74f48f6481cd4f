/**
 * The machine groups, each evaluated in a task of its own before the composition root needs them (src/ui/boot.tsx):
 * as one module they were one task of over 100 ms at 4x CPU (ADR 181).
 */
export const MACHINE_GROUPS: (() => Promise<unknown>)[] = [
  () => import(/* webpackMode: "eager" */ './learning'),
  () => import(/* webpackMode: "eager" */ './community'),
  () => import(/* webpackMode: "eager" */ './account'),
  () => import(/* webpackMode: "eager" */ './staff'),
];
