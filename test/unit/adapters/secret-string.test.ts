import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { describe, expect, it } from 'vitest';
import { secretString } from '../../../shared/adapters/secrets/secret-string';

describe('the model key from Secrets Manager', () => {
  it('reads a plain or JSON secret once, and retries after a failure', async () => {
    const sm = mockClient(SecretsManagerClient);
    sm.on(GetSecretValueCommand, { SecretId: 'plain' }).resolves({ SecretString: ' sk-plain \n' });
    sm.on(GetSecretValueCommand, { SecretId: 'json' }).resolves({ SecretString: '{"apiKey":"sk-json"}' });
    const client = new SecretsManagerClient({ region: 'eu-west-1' });
    expect(await secretString('plain', 'eu-west-1', client)).toBe('sk-plain');
    expect(await secretString('plain', 'eu-west-1', client)).toBe('sk-plain');
    expect(await secretString('json', 'eu-west-1', client)).toBe('sk-json');
    expect(sm.commandCalls(GetSecretValueCommand)).toHaveLength(2);

    sm.on(GetSecretValueCommand, { SecretId: 'flaky' })
      .rejectsOnce(new Error('throttled'))
      .resolves({ SecretString: 'sk-later' });
    await expect(secretString('flaky', 'eu-west-1', client)).rejects.toThrow('throttled');
    expect(await secretString('flaky', 'eu-west-1', client)).toBe('sk-later');
    sm.restore();
  });
});
