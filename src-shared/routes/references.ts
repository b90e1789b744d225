import { defineRoutes } from '../contract'
import { DeleteImpactQuerySchema, DeleteImpactSchema } from '../schemas/references'

/** The declared references between records (src-shared/references.ts), as the console's delete confirmation reads them. */
export const referenceRoutes = defineRoutes({
  'references.impact': {
    // Permission and scope are those of the route that deletes the records (the handler applies them).
    method: 'GET', path: '/api/references/impact', access: 'login',
    summary: '删除前的影响：被拒绝的原因（列出引用它的记录），或将一并删除、解除关联的记录数',
    query: DeleteImpactQuerySchema,
    response: DeleteImpactSchema,
  },
})
