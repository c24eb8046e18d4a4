// CI runs the tests twice: on the embedded database, then on PostgreSQL (TEST_DATABASE_URL).
// A test that starts the embedded database itself (a spawned server, a killed first start) does
// the same thing in both passes, so it runs in the embedded pass only (decision 035).
export const inPostgresPass = process.env.TEST_DATABASE_URL !== undefined;
