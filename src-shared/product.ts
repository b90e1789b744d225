/** The system name: login page title and window title (spec 000 §1). */
export const SYSTEM_NAME = '省直机关党员教育培训管理系统'
