import type { PulseLink } from '../../ports/pulse-links';
import type { VaultContext } from '../../ports/token-vault';
import type { Services } from '../container';
import { sendPulseJob } from './pulse-jobs';

/**
 * Detaching links (design §6.3, §11), apart from the link flow so the erasing functions carry no provider code: no
 * provider is called here, the revoke job does that with the tokens it carries.
 */

export function tokenContext(subjectId: string, provider: string): VaultContext & { purpose: 'pulse-token' } {
  return { purpose: 'pulse-token', subjectId, provider };
}

/**
 * Detaches a link (unlink, erase, a provider account moving to another Subject; design §6.3): the revoke job with the
 * sealed tokens is queued **first**, so a crash after it leaves tokens that are still revoked; then the link and its
 * provider-user map are deleted (each only if still this link). `revoke: false` drops the tokens without calling the
 * provider: when the same provider account was just linked again elsewhere, a revoke would end the new grant too
 * (Fitbit's revoke, Garmin's deregistration and WHOOP's access delete act on the user's whole grant to the app).
 */
export async function detachLink(services: Services, link: PulseLink, opts: { revoke?: boolean } = {}): Promise<void> {
  if (link.tokens && opts.revoke !== false) {
    await sendPulseJob(services, {
      type: 'revoke',
      provider: link.provider,
      sealed: link.tokens,
      context: tokenContext(link.subjectId, link.provider),
      subscriptions: link.subscriptions,
    });
  }
  await services.pulseLinks.delete(link.subjectId, link.provider, link.linkId);
  // Conditional on the link id: a map already taken over by a newer link stays.
  await services.pulseLinks.unmapProviderUser(link.provider, link.providerUserId, link.linkId);
}

/** Every link of a Subject detached (an erase, design §11): one small query, none for almost every Subject. */
export async function detachPulseLinks(services: Services, subjectId: string): Promise<number> {
  const links = await services.pulseLinks.list(subjectId);
  for (const link of links) await detachLink(services, link);
  return links.length;
}
