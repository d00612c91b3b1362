/**
 * Where a member's check-ins wait on the device until the server has them, one key per member (docs/decisions/0033).
 * Apart from the check-in code, so the shell can see whether anything waits without loading it (docs/decisions/0038).
 */
export const PENDING_CHECK_INS_KEY = 'lumin.pendingCheckIns.'
