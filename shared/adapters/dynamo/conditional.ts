import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';

/**
 * A conditional write as a yes/no: true when it was applied, false when its condition did not hold;
 * any other failure is thrown.
 */
export async function applied(write: Promise<unknown>): Promise<boolean> {
  try {
    await write;
    return true;
  } catch (err) {
    if (err instanceof ConditionalCheckFailedException) return false;
    throw err;
  }
}
