import { loadConfigOrExit, onShutdownSignal } from '@platform/runtime';
import { loadDotenv } from '../scripts/load-dotenv';
import { smtpTarget } from './smtp-target';
import { startSmtpSink } from './smtp-sink';

/**
 * `node -r @swc-node/register tools/smtp-sink/main.ts` (and `npm start`): the SMTP sink on the
 * port the apps send to (SMTP_URL's, else SMTP_PORT), its page on SMTP_SINK_WEB_PORT, one log line per mail.
 */
async function main(): Promise<void> {
  loadDotenv();
  const config = loadConfigOrExit();
  const target = smtpTarget(config.smtp);
  const sink = await startSmtpSink({
    smtpPort: target.port,
    host: target.host,
    webPort: config.devTools.smtpSink.webPort,
    onMail: (mail) => console.log(`mail #${mail.id} to ${mail.to.join(', ')}: ${mail.subject} (http://localhost:${sink.webPort}/mails/${mail.id})`),
  });
  console.log(`SMTP sink listening on smtp://127.0.0.1:${sink.smtpPort}, mails at http://localhost:${sink.webPort}`);
  onShutdownSignal(() => sink.close(), 3_000);
}

main().catch((error) => {
  process.stderr.write(`SMTP sink failed to start: ${error?.stack ?? error}\n`);
  process.exit(1);
});
