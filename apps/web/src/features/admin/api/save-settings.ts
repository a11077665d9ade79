// PUT /admin/settings: confirms and records the periods once their chain calls completed.
import type { PlatformSettingsData, SettingsRequest } from '@gets/schema';
import { apiRequest } from '@/lib/api-client';

export const saveSettings = (body: SettingsRequest) =>
  apiRequest<PlatformSettingsData>('/admin/settings', { method: 'PUT', auth: 'admin', body });
