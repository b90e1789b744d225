import { z } from 'zod'

/** What the members' portal shows (public, read-only): enabled news, the open home page, enabled carousels. */
export const PortalNewsSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  comeFrom: z.string(),
  entryTime: z.string(),
  imagePath: z.string().nullable(),
})
export const PortalSchema = z.object({
  home: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  carousels: z.array(z.object({ id: z.number().int(), imagePath: z.string(), newsId: z.number().int().nullable() })),
  news: z.array(PortalNewsSchema),
})
export type Portal = z.infer<typeof PortalSchema>
export const PortalNewsDetailSchema = PortalNewsSchema.extend({ content: z.string() })

/** How many of the newest enabled news the portal lists. */
export const PORTAL_NEWS_COUNT = 20
