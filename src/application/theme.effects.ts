/** The theme machine's one effect, against its port (ADR 165). */
import type { ThemeSetting } from './ports';
import { themeMachine } from './theme.machine';

export function provideTheme({ theme }: { theme: ThemeSetting }) {
  return themeMachine.provide({
    actions: {
      remember: (_, { choice }) => theme.write(choice),
    },
  });
}
