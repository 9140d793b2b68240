/** A built-in tool run of a turn, as `tool_steps` carries it: arguments as the model sent them, result as text. */
export interface ToolStep {
  id: string;
  name: string;
  arguments: Record<string, unknown>;
  result: string;
}
