import { describe, expect, it } from 'vitest';
import { readConfig } from '../../../shared/config/config';
import { configuredModule, configuredProviders } from '../../../shared/services/pulse/registry';

describe('which providers are supported (configuredProviders)', () => {
  it('is none without credentials', () => {
    expect(configuredProviders(readConfig({}).pulse)).toEqual([]);
  });

  it('needs both halves of a local pair', () => {
    expect(configuredProviders(readConfig({ HDS_PULSE_OURA_CLIENT_ID: 'a' }).pulse)).toEqual([]);
    const both = readConfig({ HDS_PULSE_OURA_CLIENT_ID: 'a', HDS_PULSE_OURA_CLIENT_SECRET: 'b' });
    expect(configuredProviders(both.pulse)).toEqual(['oura']);
    expect(configuredModule(both, 'oura')?.descriptor.slug).toBe('oura');
    expect(configuredModule(both, 'nope')).toBeNull();
  });

  it('takes a cloud secret id as configured', () => {
    expect(configuredProviders(readConfig({ HDS_PULSE_OURA_SECRET: 'arn:aws:secretsmanager:x' }).pulse)).toEqual([
      'oura',
    ]);
  });

  it('supports each of the five (every module is built) exactly when its pair is configured', () => {
    const slugs = ['oura', 'whoop', 'withings', 'fitbit', 'garmin'];
    const env = Object.fromEntries(
      slugs.flatMap((s) => [
        [`HDS_PULSE_${s.toUpperCase()}_CLIENT_ID`, 'k'],
        [`HDS_PULSE_${s.toUpperCase()}_CLIENT_SECRET`, 's'],
      ]),
    );
    const cfg = readConfig(env);
    expect(configuredProviders(cfg.pulse)).toEqual(slugs);
    for (const slug of slugs) expect(configuredModule(cfg, slug)?.slug).toBe(slug);
    expect(configuredProviders(readConfig({ HDS_PULSE_GARMIN_CLIENT_ID: 'k' }).pulse)).toEqual([]);
  });
});

describe('the pulse configuration (readConfig)', () => {
  it('has the documented defaults and reads overrides', () => {
    const d = readConfig({}).pulse;
    expect(d.providers.oura).toMatchObject({
      authUrl: 'https://cloud.ouraring.com',
      apiUrl: 'https://api.ouraring.com',
    });
    expect(d).toMatchObject({ backfillDays: 30, webhookToleranceSeconds: 300, returnUrls: [] });
    const c = readConfig({
      HDS_PULSE_OURA_API_URL: 'http://127.0.0.1:9/',
      HDS_PULSE_SCOPES_OURA: 'daily spo2Daily',
      HDS_PULSE_BACKFILL_DAYS: '9999',
      HDS_PULSE_RETURN_URLS: 'https://app.example.org/done, https://b.example.org/',
      HDS_PULSE_TOKEN_KEY_FILE: '/tmp/k',
    }).pulse;
    expect(c.providers.oura.apiUrl).toBe('http://127.0.0.1:9');
    expect(c.providers.oura.scopes).toEqual(['daily', 'spo2Daily']);
    expect(c.backfillDays).toBe(365);
    expect(c.returnUrls).toEqual(['https://app.example.org/done', 'https://b.example.org/']);
    expect(c.tokenKeyFile).toBe('/tmp/k');
  });
});
