// What a sign-in's browser is, as a person can recognise it ("Chrome 120 on
// Windows 10"), and the key its sign-ins are recognised by again.
import { createHash } from 'node:crypto';
import Bowser from 'bowser';
import { ipNetwork } from '../../http/ip-network.ts';

export const UNKNOWN_BROWSER = 'Unknown browser';
export const UNKNOWN_SYSTEM = 'Unknown system';
/** Longer user agents are cut: nothing a person reads needs more, and the column stays small. */
export const USER_AGENT_MAX_LENGTH = 512;

export interface DeviceDescription {
  /** "Chrome 120": the name and the major version. */
  browser: string;
  /** "Windows 10", "iOS 17.1". */
  system: string;
}

interface ParsedAgent {
  browserName: string | undefined;
  browserMajor: string | undefined;
  systemName: string | undefined;
  systemVersion: string | undefined;
}

function parseAgent(userAgent: string | null | undefined): ParsedAgent {
  const empty = {
    browserName: undefined,
    browserMajor: undefined,
    systemName: undefined,
    systemVersion: undefined,
  };
  if (!userAgent?.trim()) return empty;
  try {
    const { browser, os } = Bowser.parse(userAgent.slice(0, USER_AGENT_MAX_LENGTH));
    // Windows reports its kernel ("NT 10.0"); people know it by its name ("10").
    const systemVersion = os.version?.startsWith('NT') ? os.versionName : os.version;
    return {
      browserName: browser.name || undefined,
      browserMajor: browser.version?.split('.')[0] || undefined,
      systemName: os.name || undefined,
      systemVersion: systemVersion?.split('.').slice(0, 2).join('.') || undefined,
    };
  } catch {
    return empty;
  }
}

const joined = (...parts: (string | undefined)[]) => parts.filter(Boolean).join(' ');

export function describeUserAgent(userAgent: string | null | undefined): DeviceDescription {
  const agent = parseAgent(userAgent);
  return {
    browser: agent.browserName ? joined(agent.browserName, agent.browserMajor) : UNKNOWN_BROWSER,
    system: agent.systemName ? joined(agent.systemName, agent.systemVersion) : UNKNOWN_SYSTEM,
  };
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * The key a browser's sign-ins are recognised by: the web app's random id of
 * it (X-Device-Id) when it sends one, else its browser, system and network.
 * Without the id, versions are left out: a browser updates itself every few
 * weeks, and each update would otherwise read as a new browser and be mailed.
 */
export function deviceKeyOf(sign: {
  userAgent: string | undefined;
  ip: string;
  deviceId: string | undefined;
}): string {
  const deviceId = sign.deviceId?.trim();
  if (deviceId) return sha256(`device-id:${deviceId.slice(0, 200)}`);
  const agent = parseAgent(sign.userAgent);
  return sha256(
    ['agent', agent.browserName ?? '', agent.systemName ?? '', ipNetwork(sign.ip)].join('\n'),
  );
}
