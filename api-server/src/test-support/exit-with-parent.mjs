// Preloaded (`node --import`) into the servers and object stores the tests start (server-process.ts, s3-peer.ts), which
// spawn them with an IPC channel: once the test process that started one is gone, however it ended (a crash, a kill, a
// stopped run), the channel closes and the process shuts down as on SIGTERM instead of running on, unowned, holding
// its port.
process.channel?.unref();
process.once('disconnect', () => process.kill(process.pid, 'SIGTERM'));
