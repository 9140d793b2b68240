import * as z from 'zod/mini';
import type { ListFamilyMembersResult } from '../../../domain/agent/tool-results';
import { parseArgs } from './readings';
import type { BuiltinTool, ToolContext } from './types';

/**
 * The Subject's care circle as the partner recorded it (`POST /v1/family-members`). A member's own
 * data is never read through this tool: `user` only names them.
 */
export const listFamilyMembers: BuiltinTool = {
  name: 'list_family_members',
  description:
    "List the user's family members and carers recorded by the app (name, relationship such as mother, father, child, sibling, " +
    "spouse, and notes such as a relative's known conditions). Useful for family history and for questions that name a relative. " +
    "It does not give access to a relative's own health data.",
  parameters: { type: 'object', properties: {}, additionalProperties: false },
  run: (args, ctx) => listFamilyMembersRun(args, ctx),
};

async function listFamilyMembersRun(raw: unknown, ctx: ToolContext): Promise<ListFamilyMembersResult> {
  parseArgs(z.object({}), raw);
  const members = ctx.subjectId ? await ctx.services.careCircle.list(ctx.subjectId) : [];
  return {
    members: await Promise.all(
      members.map(async (m) => ({
        id: m.id,
        name: m.name,
        relationship: m.relationship,
        user: m.memberSubjectKey,
        has_records: m.memberSubjectKey ? await holdsReadings(ctx, m.memberSubjectKey) : false,
        notes: m.notes,
      })),
    ),
  };
}

/**
 * Whether the member's own Subject, under the same account as the request, holds a live reading: one row read, so a
 * large Subject costs no more than an empty one. Their readings stay out of this tool.
 */
async function holdsReadings(ctx: ToolContext, subjectKey: string): Promise<boolean> {
  const subject = await ctx.services.subjects.find(ctx.accountId, subjectKey);
  if (!subject) return false;
  const page = await ctx.services.records.list(subject.subjectId, { limit: 1, offset: 0, nowMs: ctx.nowMs });
  return page.records.length > 0;
}
