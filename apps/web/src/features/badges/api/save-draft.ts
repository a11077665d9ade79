// POST /badge/add/draft and PUT /badge/edit/draft: drafts never touch the chain.
import type { Badge } from '@gets/schema';
import { apiRequest } from '@/lib/api-client';
import type { BadgeContentBody } from '../lib/badge-form';

export function createDraft(body: BadgeContentBody) {
  return apiRequest<Badge>('/badge/add/draft', { method: 'POST', body });
}

export function editDraft(id: string, body: BadgeContentBody) {
  return apiRequest<Badge>('/badge/edit/draft', { method: 'PUT', body: { ...body, _id: id } });
}
