// One `esim serve` with the sandbox for the whole run; its origin is provided to the tests.
import type { TestProject } from 'vitest/node';
import { startShop } from './harness/serve';

declare module 'vitest' {
  export interface ProvidedContext {
    shopURL: string;
  }
}

export default async function setup(project: TestProject) {
  const shop = await startShop({
    args: [
      // Short lifetimes so journeys meet expiry and activation as a real customer would.
      '--token-lifetime', '2m',
      '--activation-delay', '1s',
      // A support WhatsApp number, so the WhatsApp buttons show.
      '--whatsapp', '+961 71 555 010',
    ],
  });
  project.provide('shopURL', shop.url);
  return async () => {
    await shop.stop();
  };
}
