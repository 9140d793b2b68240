import { nowMs } from '../../clock';
import type { Services } from '../container';
import type { PaceRule, ProviderModule } from './registry';

/** The longest a paced job waits in one send (SQS's delay limit); a longer wait is chained. */
const MAX_WAIT_SECONDS = 900;

/**
 * `HDS_PULSE_PACE_<SLUG>="<window s>:<limit>,…"` (design §8), e.g. `300:4500` or `60:90,86400:9500`; null when
 * absent or not in that form (the module's documented budget then applies).
 */
export function parsePaceRules(raw: string | undefined): PaceRule[] | null {
  if (!raw) return null;
  const rules: PaceRule[] = [];
  for (const part of raw.split(',')) {
    const m = /^\s*(\d{1,6}):(\d{1,7})\s*$/.exec(part);
    if (!m) return null;
    const [windowSeconds, limit] = [Number(m[1]), Number(m[2])];
    if (windowSeconds < 1 || limit < 1) return null;
    rules.push({ windowSeconds, limit });
  }
  return rules.length > 0 ? rules : null;
}

/**
 * One request's slot in the provider's budgets (per application, `pulse#<slug>`; per provider user,
 * `pulse#<slug>#<providerUserId>`, where the module's `paceScope` is `user`: Fitbit), over the shared rate limiter: every
 * rule must admit it; the first refusal says how long to wait (with a little jitter, so a queue of waiting jobs does
 * not wake as one).
 */
export async function takePaceSlot(
  services: Services,
  module: ProviderModule,
  providerUserId?: string,
): Promise<{ ok: true } | { ok: false; waitSeconds: number }> {
  const key =
    module.paceScope === 'user' && providerUserId ? `pulse#${module.slug}#${providerUserId}` : `pulse#${module.slug}`;
  const rules = parsePaceRules(services.config.pulse.providers[module.slug].pace) ?? module.pace;
  const now = nowMs();
  for (const rule of rules) {
    const decision = await services.rateLimiter.hit(key, 'pulse-pace', rule.limit, now, 1, rule.windowSeconds);
    if (!decision.allowed) {
      const wait = Math.ceil(decision.resetAt - now / 1000) + Math.floor(Math.random() * 5);
      return { ok: false, waitSeconds: Math.min(MAX_WAIT_SECONDS, Math.max(1, wait)) };
    }
  }
  return { ok: true };
}
