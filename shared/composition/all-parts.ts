import { type ServiceParts, servicesFor } from '../services/container';
import { bucket } from './bucket';
import { documents } from './documents';
import { mail } from './mail';
import { model } from './model';
import { pepper } from './pepper';
import { queues } from './queues';
import { signer } from './signer';
import { sockets } from './sockets';
import { vault } from './vault';

/** Every part: for local tools and tests that act for no one function (the runtime, `npm run keys`, benchmarks). */
export const allParts: Required<ServiceParts> = {
  bucket,
  queues,
  sockets,
  documents,
  model,
  signer,
  mail,
  pepper,
  vault,
};

/**
 * Services for tools that act for no one function (the local runtime itself, `npm run keys`, tests, benchmarks): every
 * part, built for the configuration in force.
 */
export const processServices = servicesFor(
  {
    id: 'local tools',
    needs: {
      bucket: 'readwrite',
      sendsTo: ['purge'],
      postsToConnections: true,
      usesTextract: true,
      usesModel: true,
      signsTokens: true,
      sendsMail: true,
      authPepper: true,
      pulseVault: 'both',
    },
  },
  allParts,
);
