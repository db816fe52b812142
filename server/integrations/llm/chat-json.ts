/**
 * An OpenAI-compatible chat completion that must answer a JSON object: OpenAI, Ollama, vLLM and
 * llama.cpp's server all take this request at `{baseUrl}/chat/completions`.
 */
export type ChatMessage = { role: 'system' | 'user'; content: string };

export type LlmOptions = { baseUrl: string; model: string; apiKey?: string; timeoutMs?: number };

export type LlmFailure = 'timeout' | 'http' | 'network' | 'malformed';

export class LlmError extends Error {
  constructor(
    readonly reason: LlmFailure,
    message: string,
  ) {
    super(message);
    this.name = 'LlmError';
  }
}

export const LLM_TIMEOUT_MS = 20_000;

/** The model configured by LLM_BASE_URL and LLM_MODEL, or null: then the built-in planner writes alone. */
export function llmOptionsFrom(config: {
  LLM_BASE_URL?: string | undefined;
  LLM_MODEL?: string | undefined;
  LLM_API_KEY?: string | undefined;
  LLM_TIMEOUT_SECONDS: number;
}): LlmOptions | null {
  if (!config.LLM_BASE_URL || !config.LLM_MODEL) return null;
  return {
    baseUrl: config.LLM_BASE_URL,
    model: config.LLM_MODEL,
    apiKey: config.LLM_API_KEY,
    timeoutMs: config.LLM_TIMEOUT_SECONDS * 1000,
  };
}

/**
 * Models often wrap JSON in a Markdown fence, or in a sentence before and after ("Here is your plan:
 * {…} Let me know…"), even when asked not to: the object is read from the first "{" to the last "}".
 */
function parseObject(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    const fenced = /```(?:json)?\s*([\s\S]*?)\s*```/i.exec(text);
    const inner = fenced ? fenced[1]! : text;
    const start = inner.indexOf('{');
    const end = inner.lastIndexOf('}');
    if (start < 0 || end <= start) throw new SyntaxError('no JSON object');
    return JSON.parse(inner.slice(start, end + 1));
  }
}

export async function chatJson(options: LlmOptions, messages: ChatMessage[]): Promise<unknown> {
  const timeoutMs = options.timeoutMs ?? LLM_TIMEOUT_MS;
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;
  let response: Response;
  let body: string;
  try {
    response = await fetch(`${options.baseUrl.replace(/\/+$/, '')}/chat/completions`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        model: options.model,
        messages,
        temperature: 0.2,
        response_format: { type: 'json_object' },
      }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    body = await response.text();
  } catch (error) {
    if (error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
      throw new LlmError('timeout', `The model did not answer within ${timeoutMs / 1000} s`);
    }
    throw new LlmError('network', `The model could not be reached: ${(error as Error).message}`);
  }
  if (!response.ok) throw new LlmError('http', `The model answered HTTP ${response.status}`);
  let content: unknown;
  try {
    content = (JSON.parse(body) as { choices?: { message?: { content?: unknown } }[] }).choices?.[0]?.message
      ?.content;
  } catch {
    throw new LlmError('malformed', 'The model’s answer was not a chat completion');
  }
  if (typeof content !== 'string') throw new LlmError('malformed', 'The model’s answer had no message');
  try {
    return parseObject(content);
  } catch {
    throw new LlmError('malformed', 'The model’s message was not JSON');
  }
}
