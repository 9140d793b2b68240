/** The usage of one turn, summed over every model call of it (spec, Usage rules). */
export interface TurnUsage {
  /** Tokens of the input the caller sent (counted once, however many model calls re-sent it). */
  callerInputTokens: number;
  /** Everything else the model read: platform prompt, tool schemas, tool results, re-sent history. */
  systemTokens: number;
  outputTokens: number;
  reasoningTokens: number;
  cachedTokens: number;
  modelCalls: number;
}

export function emptyUsage(callerInputTokens: number): TurnUsage {
  return { callerInputTokens, systemTokens: 0, outputTokens: 0, reasoningTokens: 0, cachedTokens: 0, modelCalls: 0 };
}

/**
 * Adds one model call: its whole prompt is platform overhead except the caller's own input, which the turn
 * counts once (so prompt + system equals everything the model read).
 */
export function addModelCall(
  usage: TurnUsage,
  call: { inputTokens: number; outputTokens: number; reasoningTokens: number; cachedTokens: number },
): TurnUsage {
  const overhead = usage.modelCalls === 0 ? Math.max(0, call.inputTokens - usage.callerInputTokens) : call.inputTokens;
  return {
    callerInputTokens: usage.callerInputTokens,
    systemTokens: usage.systemTokens + overhead,
    outputTokens: usage.outputTokens + call.outputTokens,
    reasoningTokens: usage.reasoningTokens + call.reasoningTokens,
    cachedTokens: usage.cachedTokens + call.cachedTokens,
    modelCalls: usage.modelCalls + 1,
  };
}

/**
 * Adds a sub-agent's turn (the planning harness's `task`): everything it read is platform overhead, since the caller
 * sent none of it; what it wrote is output.
 */
export function addSubAgentUsage(usage: TurnUsage, sub: TurnUsage): TurnUsage {
  return {
    callerInputTokens: usage.callerInputTokens,
    systemTokens: usage.systemTokens + sub.callerInputTokens + sub.systemTokens,
    outputTokens: usage.outputTokens + sub.outputTokens,
    reasoningTokens: usage.reasoningTokens + sub.reasoningTokens,
    cachedTokens: usage.cachedTokens + sub.cachedTokens,
    modelCalls: usage.modelCalls + sub.modelCalls,
  };
}

/** `usage` of a chat completion (with the `billed_tokens` extension of the public product). */
export function chatUsage(u: TurnUsage) {
  const prompt = u.callerInputTokens;
  const total = prompt + u.systemTokens + u.outputTokens;
  return {
    prompt_tokens: prompt,
    completion_tokens: u.outputTokens,
    total_tokens: prompt + u.outputTokens,
    prompt_tokens_details: { system_tokens: u.systemTokens, cached_tokens: u.cachedTokens },
    completion_tokens_details: { reasoning_tokens: u.reasoningTokens },
    billed_tokens: { input: prompt + u.systemTokens, output: u.outputTokens, total },
  };
}

/** `usage` of a response (Agent API). */
export function responseUsage(u: TurnUsage) {
  const input = u.callerInputTokens;
  return {
    input_tokens: input,
    input_tokens_details: { system_tokens: u.systemTokens, cached_tokens: u.cachedTokens },
    output_tokens: u.outputTokens,
    output_tokens_details: { reasoning_tokens: u.reasoningTokens },
    total_tokens: input + u.outputTokens,
    billed_tokens: {
      input: input + u.systemTokens,
      output: u.outputTokens,
      total: input + u.systemTokens + u.outputTokens,
    },
  };
}
