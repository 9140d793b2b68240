import { TextractClient } from '@aws-sdk/client-textract';
import type { Services } from './container';

let textract: TextractClient | undefined;

/** One Textract client per process, shared by the synchronous OCR and the asynchronous analyses. */
export function textractClient(services: Services): TextractClient {
  textract ??= new TextractClient({ region: services.config.region });
  return textract;
}

/** Forgets the client, so the next one reads the region configured then (the local runtime's restarts). */
export function forgetTextractClient(): void {
  textract = undefined;
}
