import { installFallbackMessages } from '../src-shared/schemas/messages'
import { checkInPage } from './check-in'
import { pageData } from './dom'
import { examPage } from './exam-page'
import { signUpPage } from './sign-up'

/**
 * The phone pages' one script (built to out/phone/phone.js, served at /m/phone.js): the
 * server's page names itself (`page`) in the JSON block of its values (phoneScriptTags).
 */
installFallbackMessages()
const pages: Record<string, () => void> = { checkIn: checkInPage, signUp: signUpPage, exam: examPage }
pages[pageData<{ page: string }>().page]?.()
