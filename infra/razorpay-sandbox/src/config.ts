/**
 * The sandbox's environment. Its two secrets have no default: the local runners give it this
 * machine's (infra/local/dev-secrets.mjs), tests a fresh pair per run, so no value written in the
 * source signs a payment or a webhook anywhere. Read without @spa/kit on purpose: the kit pulls in Kafka, Postgres and Redis
 * clients, which tripled the start-up time of a process that needs none of them.
 */
export interface SandboxConfig {
  nodeEnv: string;
  port: number;
  host: string;
  logLevel: string;
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  webhookUrl?: string;
  /** Where payment links' short_url points (RAZORPAY_SANDBOX_PUBLIC_URL): the origin phones reach. */
  publicUrl?: string;
  refundProcessingMs: number;
}

export function readSandboxConfig(env: Record<string, string | undefined> = process.env): SandboxConfig {
  const value = (name: string, fallback: string) => env[name] || fallback;
  const required = (name: string) => {
    const found = env[name];
    if (!found) throw new Error(`${name} is required: the secret the sandbox shares with commerce`);
    return found;
  };
  const port = Number(value('RAZORPAY_SANDBOX_PORT', '4010'));
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new Error(`RAZORPAY_SANDBOX_PORT must be a TCP port, got "${env.RAZORPAY_SANDBOX_PORT}"`);
  const webhookUrl = env.RAZORPAY_WEBHOOK_URL || undefined;
  if (webhookUrl && !URL.canParse(webhookUrl))
    throw new Error(`RAZORPAY_WEBHOOK_URL must be a URL, got "${webhookUrl}"`);
  const publicUrl = env.RAZORPAY_SANDBOX_PUBLIC_URL || undefined;
  if (publicUrl && !/^https?:$/.test(URL.canParse(publicUrl) ? new URL(publicUrl).protocol : ''))
    throw new Error(`RAZORPAY_SANDBOX_PUBLIC_URL must be an http(s) URL, got "${publicUrl}"`);
  const refundProcessingMs = Number(value('RAZORPAY_SANDBOX_REFUND_MS', '2000'));
  if (!Number.isInteger(refundProcessingMs) || refundProcessingMs < 0)
    throw new Error(
      `RAZORPAY_SANDBOX_REFUND_MS must be a whole number of milliseconds, got "${env.RAZORPAY_SANDBOX_REFUND_MS}"`,
    );
  return {
    nodeEnv: value('NODE_ENV', 'development'),
    port,
    host: value('HOST', '127.0.0.1'),
    logLevel: value('LOG_LEVEL', 'info'),
    keyId: value('RAZORPAY_KEY_ID', 'rzp_test_sandbox'),
    keySecret: required('RAZORPAY_KEY_SECRET'),
    webhookSecret: required('RAZORPAY_WEBHOOK_SECRET'),
    webhookUrl,
    publicUrl,
    refundProcessingMs,
  };
}
