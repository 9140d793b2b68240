import { readFileSync } from 'node:fs';
import { processServices as services } from '../../shared/composition/all-parts';
import { config, resetConfig } from '../../shared/config/config';
import { issueApiKey } from '../../shared/services/api-keys';
import { environmentFromOutputs } from '../deployed-outputs';
import { attachToLocalStore } from './attach';

const USAGE = `usage:
  npm run keys -- create [--account <account_id>] [--name <name>] [--region <region>] [--outputs <file>]
  npm run keys -- list --account <account_id> [--outputs <file>]
  npm run keys -- revoke --account <account_id> --key <key_id> [--outputs <file>]

--outputs: the file \`cdk deploy --outputs-file\` wrote; the command then works on that deployment's tables
(with the AWS credentials of the environment), otherwise on the local store.`;

/**
 * Manages API keys, of the local store or (with `--outputs`) of a deployed region. A created secret is printed once
 * and kept only as a hash.
 */
async function main(): Promise<void> {
  const [command, ...rest] = process.argv.slice(2);
  const flags = parseFlags(rest);
  const store = flags.outputs ? useDeployment(flags.outputs, flags.region) : await attachToLocalStore();
  try {
    const { accounts } = services();
    switch (command) {
      case 'create': {
        const accountId = flags.account ?? (await accounts.createAccount(flags.name ?? 'local')).accountId;
        if (!(await accounts.getAccount(accountId))) throw new Error(`No account ${accountId}`);
        const { secret, record } = await issueApiKey(accounts, accountId, {
          name: flags.name ?? 'cli',
          region: flags.region ?? config().region,
        });
        print({ account_id: accountId, key_id: record.keyId, region: record.region, secret });
        process.stderr.write('The secret is shown once; only its hash is stored.\n');
        break;
      }
      case 'list': {
        if (!flags.account) throw new Error(USAGE);
        const keys = await accounts.listApiKeys(flags.account);
        print(
          keys.map((k) => ({
            key_id: k.keyId,
            name: k.name,
            prefix: k.prefix,
            region: k.region,
            created_at: k.createdAt,
            last_used_at: k.lastUsedAt,
            revoked_at: k.revokedAt,
          })),
        );
        break;
      }
      case 'revoke': {
        if (!flags.account || !flags.key) throw new Error(USAGE);
        const ok = await accounts.revokeApiKey(flags.account, flags.key, new Date().toISOString());
        if (!ok) throw new Error(`Account ${flags.account} holds no key ${flags.key}`);
        print({ key_id: flags.key, revoked: true });
        break;
      }
      default:
        throw new Error(USAGE);
    }
  } finally {
    await store.release();
  }
}

/** Points the tables at a deployed region, from its stack outputs. */
function useDeployment(file: string, region: string | undefined): { release(): Promise<void> } {
  Object.assign(process.env, environmentFromOutputs(JSON.parse(readFileSync(file, 'utf8')), region));
  resetConfig();
  return { release: async () => undefined };
}

function parseFlags(args: string[]): Record<string, string> {
  const flags: Record<string, string> = {};
  for (let i = 0; i < args.length; i++) {
    const m = /^--([a-z-]+)$/.exec(args[i]!);
    if (m && args[i + 1] !== undefined) flags[m[1]!] = args[++i]!;
  }
  return flags;
}

function print(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err?.message ?? err);
    process.exit(1);
  },
);
