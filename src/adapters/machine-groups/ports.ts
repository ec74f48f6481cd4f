/** What every machine's effects are bound to: the ports, the log and the session's end. */
import type { ApiClient, Clock, DraftStore, FileSaver, FileUploader, Navigator, Notifier, PushDevice, TokenStore } from '../../application/ports';

export interface MachinePorts {
  api: ApiClient;
  uploads: FileUploader;
  tokens: TokenStore;
  navigator: Navigator;
  clock: Clock;
  files: FileSaver;
  drafts: DraftStore;
  notifier: Notifier;
  log: (message: string, error: unknown) => void;
  /** Ends the session on this device when its token died on the server (an account deleted). */
  endSession: () => void;
  /** This device's push (ADR 169). */
  push: PushDevice;
}
