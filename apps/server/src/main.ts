// Entry point of `npm start`: one process runs the API, the web app, the
// worker and (on the embedded default) PGlite and Anvil. Ctrl-C stops it all.
import { ConfigError, loadConfig, type Config } from './config.ts';
import { startPlatform } from './platform.ts';
import { startupBanner } from './banner.ts';

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }

  const platform = await startPlatform(config);
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`Received ${signal}, stopping...`);
    platform.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  // Last, so the URL and the admin login link stay in view above the prompt.
  console.log(startupBanner(platform.url, platform.notices));
}

main().catch((error: unknown) => {
  console.error(`Start failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
