// Made-up credentials in each provider's shape, shared by the redaction tests, the hostile corpus and the story.

const JWT =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkFkYSJ9.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c';
const PEM = '-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA7bq9b1Xq\nq2d3Zx0yPqRr\n-----END RSA PRIVATE KEY-----';
/** `[what, the secret in a sentence, what stays visible]` */
export const SECRETS: Array<[name: string, secret: string, kept: string]> = [
  ['OpenAI project key', `sk-proj-${'Ab3dEf6hIj9kLm2nOp5qRs8t'.repeat(2)}`, 'sk-proj-'],
  ['OpenAI legacy key', `sk-${'T3BlbkFJa1b2c3d4e5f6g7h8i9j0k1l2m3n4'}`, 'sk-'],
  ['Anthropic key', `sk-ant-api03-${'aB1_cD2-eF3gH4iJ5kL6mN7oP8qR9sT0'.repeat(2)}`, 'sk-ant-'],
  ['GitHub classic token', `ghp_${'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8'}`, 'ghp_'],
  ['GitHub OAuth token', `gho_${'Z9y8X7w6V5u4T3s2R1q0P9o8N7m6L5k4J3i2'}`, 'gho_'],
  ['GitHub fine-grained token', `github_pat_11ABCDEFG0${'abcdEFGH1234_ijklMNOP5678'.repeat(2)}`, 'github_pat_'],
  ['AWS access key id', 'AKIAIOSFODNN7EXAMPLE', 'AKIA'],
  ['Slack bot token', 'xoxb-123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx', 'xoxb-'],
  ['Stripe live key', `sk_live_${'4eC39HqLyjWDarjtT1zdp7dc'}`, 'sk_live_'],
  ['Google API key', `AIza${'SyA1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q'}`, 'AIza'],
  ['bearer token', 'Authorization: Bearer 9f8e7d6c5b4a39281706f5e4d3c2b1a0', 'Bearer '],
  ['JWT', JWT, ''],
  ['PEM private key', PEM, '-----BEGIN RSA PRIVATE KEY-----'],
  ['password pair', 'login with password=hunter2!x', 'password='],
  ['JSON token pair', '{"token": "d41d8cd98f00b204e980"}', '"token": "'],
  ['.env line', 'DB_PASSWORD=correct horse battery staple', 'DB_PASSWORD='],
  ['URL credentials', 'postgres://admin:s3cretP4ss@db.internal:5432/app', 'postgres://admin:'],
];

/** A run whose output, arguments and error carry credentials, for the redaction story and screenshots. */
export function secretsState(): import('tool-steps').StepsState {
  const key = SECRETS[2]?.[1] as string;
  const github = SECRETS[3]?.[1] as string;
  const steps: import('tool-steps').Step[] = [
    {
      id: 'env',
      toolName: 'run_command',
      status: 'succeeded',
      inputText: '',
      startedAt: 0,
      endedAt: 320,
      input: { command: 'cat .env' },
      details: {
        command: 'cat .env',
        stdout: `NODE_ENV=production\nANTHROPIC_API_KEY=${key}\nGITHUB_TOKEN=${github}\nDATABASE_URL=postgres://app:s3cretP4ss@db:5432/app\nLOG_LEVEL=info`,
        exitCode: 0,
      },
    },
    {
      id: 'curl',
      toolName: 'http_request',
      status: 'failed',
      inputText: '',
      startedAt: 0,
      endedAt: 900,
      input: { url: 'https://api.example.com/v1/messages', headers: { Authorization: `Bearer ${key}` } },
      error: { message: `401 Unauthorized for key ${key}`, code: 'HTTP_401' },
    },
    {
      id: 'commit',
      toolName: 'git_log',
      status: 'succeeded',
      inputText: '',
      input: { ref: 'main' },
      result:
        'commit 9fceb02d0ae598e95dc970b74767f19372d61af8\nid 123e4567-e89b-12d3-a456-426614174000\nmax_tokens: 1024',
    },
  ];
  return {
    ids: steps.map((s) => s.id),
    byId: Object.fromEntries(steps.map((s) => [s.id, s])),
    run: { status: 'done' },
    diagnostics: { count: 0 },
  };
}
