import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { createDocumentClient } from '../../shared/adapters/dynamo/client';
import { hashSecret, looksLikeKey } from '../../shared/domain/api-keys';
import { issueApiKey } from '../../shared/services/api-keys';
import type { Services } from '../../shared/services/container';

export type BootstrapResult =
  | { kind: 'configured'; created: boolean; accountId: string }
  | { kind: 'first-start'; secret: string; accountId: string }
  | { kind: 'existing' };

/**
 * Local start-up: with `HDS_BOOTSTRAP_API_KEY`, make sure an account holds exactly that key; without
 * it, the very first start of a data folder creates an account and a key and returns the secret so
 * it can be printed once.
 */
export async function bootstrapAccount(
  services: Services,
  configuredKey: string | undefined,
): Promise<BootstrapResult> {
  const { accounts, config } = services;
  if (configuredKey) {
    if (!looksLikeKey(configuredKey)) {
      throw new Error('HDS_BOOTSTRAP_API_KEY must look like hds_live_ followed by at least 20 letters and digits');
    }
    // This folder has had its first start: a later start without the variable must not mint a second account.
    await claimFirstStart(services);
    const existing = await accounts.findApiKeyByHash(hashSecret(configuredKey));
    if (existing) return { kind: 'configured', created: false, accountId: existing.accountId };
    const account = await accounts.createAccount('local');
    await issueApiKey(accounts, account.accountId, { name: 'bootstrap', region: config.region, secret: configuredKey });
    return { kind: 'configured', created: true, accountId: account.accountId };
  }
  if (!(await claimFirstStart(services))) return { kind: 'existing' };
  const account = await accounts.createAccount('local');
  const { secret } = await issueApiKey(accounts, account.accountId, { name: 'first start', region: config.region });
  return { kind: 'first-start', secret, accountId: account.accountId };
}

/** True exactly once per data folder: a conditional put of a marker item. */
async function claimFirstStart(services: Services): Promise<boolean> {
  const doc = createDocumentClient(services.config);
  try {
    await doc.send(
      new PutCommand({
        TableName: services.config.tables.accounts,
        Item: { pk: '#BOOTSTRAP', sk: '#BOOTSTRAP', at: new Date().toISOString() },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return true;
  } catch (err) {
    if (err instanceof ConditionalCheckFailedException) return false;
    throw err;
  }
}
