/** What the views receive from the composition root: the ports and the long-lived session actor. */
import type { ActorRefFrom } from 'xstate';
import type { Analytics, ApiClient, Clock, DraftStore, FileSaver, Navigator, TokenStore } from './ports';
import type { SessionMachine } from './session.machine';

export interface AppServices {
  api: ApiClient;
  tokens: TokenStore;
  navigator: Navigator;
  analytics: Analytics;
  clock: Clock;
  files: FileSaver;
  drafts: DraftStore;
  session: ActorRefFrom<SessionMachine>;
  log: (message: string, error: unknown) => void;
}
