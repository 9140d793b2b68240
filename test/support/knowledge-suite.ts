import { afterAll, beforeAll, beforeEach } from 'vitest';
import { clearKnowledgeCache } from '../../shared/services/agent/knowledge/cache';
import { resetPacers } from '../../shared/services/agent/knowledge/pacer';
import { type KnowledgeServers, startKnowledgeServers } from './knowledge-servers';

/**
 * The knowledge fixture servers for one test file: started once, and before each test back to normal with no
 * recorded request, no cached answer and full pacing buckets, so each test sees the services afresh.
 */
export function knowledgeSuite(): { servers: KnowledgeServers } {
  const suite = {} as { servers: KnowledgeServers };
  beforeAll(async () => {
    suite.servers = await startKnowledgeServers();
  });
  afterAll(async () => {
    await suite.servers?.stop();
  });
  beforeEach(() => {
    suite.servers.reset();
    clearKnowledgeCache();
    resetPacers();
  });
  return suite;
}
