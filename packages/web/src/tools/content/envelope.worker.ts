/**
 * The envelope worker: one per tab, started by ./envelope-client.ts when a tool first encrypts
 * its whole content (a snapshot upload, the offline cache, a whole-content save), prepares a
 * key or uploads a snapshot; it answers every {@link EnvelopeRequest} with an {@link EnvelopeAnswer}
 * (./envelope-handler.ts) and stays for the next.
 */
import { workerSnapshotUploader } from './content-api-http.ts';
import {
  createEnvelopeHandler,
  type EnvelopeAnswer,
  type EnvelopeRequest,
} from './envelope-handler.ts';

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<EnvelopeRequest>) => void) | null;
  postMessage(answer: EnvelopeAnswer): void;
};

const handle = createEnvelopeHandler({ upload: workerSnapshotUploader() });

scope.onmessage = (event) => {
  void handle(event.data).then((answer) => {
    scope.postMessage(answer);
  });
};
