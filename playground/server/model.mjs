// The language-model path: when OPENAI_API_KEY or ANTHROPIC_API_KEY is set, the same tools are
// driven by a real model through the AI SDK (filled in below).
export function modelInfo() {
  return undefined;
}
export function modelPlan() {
  throw new Error('no model');
}
