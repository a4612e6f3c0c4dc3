//! The connections open at once, and what each is doing: a bound on all
//! of them and on those of one client (one address), kept by closing the
//! connection that has waited longest without a request under way.
//!
//! A connection is *idle* while it waits for a request or receives one,
//! and *busy* from the moment its request is in whole until the answer is
//! written. Idle connections are what a client that holds connections
//! without using them holds, so they are the ones closed to make room; a
//! busy one is left to finish within its deadlines, and so is one opened
//! less than [`YOUNG`] ago and never answered, whose request may be on its
//! way: a flood of new connections cannot push out the one before it.

use std::net::IpAddr;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use tokio::sync::{Notify, OwnedSemaphorePermit};
use tokio::time::Instant;

/// The time a client is given before [`MIN_RATE`] counts.
pub const GRACE: Duration = Duration::from_secs(2);

/// The slowest a request's body may come in, and its answer be taken, on
/// average from its start, once [`GRACE`] is over: 32 KiB a second.
pub const MIN_RATE: u64 = 32 * 1024;

/// How long a new connection is left to send its request before it may be
/// closed to make room.
pub const YOUNG: Duration = Duration::from_millis(500);

/// The connections open at once.
pub struct Connections {
    table: Mutex<Table>,
    /// Told when a connection closes or becomes idle: there may be room.
    room: Arc<Notify>,
    /// Connections open at once, at most.
    max: usize,
    /// Connections of one client open at once, at most, unless the others
    /// are young.
    max_client: usize,
    /// What the slots' times count from.
    epoch: Instant,
}

#[derive(Default)]
struct Table {
    next: u64,
    open: Vec<Open>,
}

struct Open {
    id: u64,
    client: IpAddr,
    slot: Arc<Slot>,
}

/// What the table and a connection's task share of the connection.
pub struct Slot {
    /// Whether the connection is busy: its request is in whole and its
    /// answer not yet written.
    busy: AtomicBool,
    /// Whether a request of the connection was answered.
    served: AtomicBool,
    /// When it was opened, in microseconds since `epoch`.
    opened: u64,
    /// When it last became idle, in microseconds since `epoch`.
    idle_since: AtomicU64,
    /// The table's epoch.
    epoch: Instant,
    /// Set when the connection is to be closed to make room.
    closed: AtomicBool,
    /// Set when its client had every connection it may have busy: its
    /// request is answered 503.
    refused: bool,
    /// Connections of one client open at once, at most.
    max_client: usize,
    /// The bytes written to the client so far.
    written: AtomicU64,
    /// The answer being written: when it began, and the bytes written
    /// before it.
    answer: Mutex<Option<(Instant, u64)>>,
    /// The room held in the queue by the request under way, given back
    /// once its answer is written.
    admission: Mutex<Option<OwnedSemaphorePermit>>,
    /// Wakes the connection's task: it is to be closed, or an answer began.
    wake: Notify,
    /// The table's `room`.
    room: Arc<Notify>,
}

/// A connection's place in the table, given back when dropped.
pub struct Registered {
    id: u64,
    connections: Arc<Connections>,
    /// The connection's slot.
    pub slot: Arc<Slot>,
}

impl Drop for Registered {
    fn drop(&mut self) {
        self.connections.remove(self.id);
    }
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    // The data behind each lock is whole between statements.
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Microseconds from `epoch` to now.
fn since(epoch: Instant) -> u64 {
    u64::try_from(epoch.elapsed().as_micros()).unwrap_or(u64::MAX)
}

/// [`YOUNG`] in microseconds.
fn young() -> u64 {
    u64::try_from(YOUNG.as_micros()).unwrap_or(u64::MAX)
}

impl Connections {
    /// Room for `max` connections, `max_client` of one client.
    pub fn new(max: usize, max_client: usize) -> Connections {
        Connections {
            table: Mutex::new(Table::default()),
            room: Arc::new(Notify::new()),
            max,
            max_client,
            epoch: Instant::now(),
        }
    }

    /// Waits until a connection may be taken: fewer than the most are
    /// open, or one of them may be closed to make room.
    pub async fn room(&self) {
        loop {
            let told = self.room.notified();
            let later = {
                let table = lock(&self.table);
                let now = since(self.epoch);
                if table.open.len() < self.max || table.open.iter().any(|o| o.slot.closable(now)) {
                    return;
                }
                // The first young idle connection that will be closable.
                let idle = table.open.iter().filter(|o| o.slot.idle());
                idle.map(|o| o.slot.opened + young()).min()
            };
            match later {
                Some(at) => {
                    let at = self.epoch + Duration::from_micros(at);
                    tokio::select! {
                        () = told => {}
                        () = tokio::time::sleep_until(at) => {}
                    }
                }
                None => told.await,
            }
        }
    }

    /// Takes a connection of `client`. If all the room is taken, the
    /// connection idle longest is closed; if the client has all it may
    /// have, its own idle longest is, and with none it may lose, the new
    /// one is refused if all the client's are busy. `None` if there is no
    /// room after all: no connection may be closed any more since
    /// [`Connections::room`].
    pub fn open(self: &Arc<Self>, client: IpAddr) -> Option<Registered> {
        let now = since(self.epoch);
        let mut table = lock(&self.table);
        if table.open.len() >= self.max && !table.close_oldest(now, |_| true) {
            return None;
        }
        let full = table.of(client).count() >= self.max_client;
        let refused = full
            && !table.close_oldest(now, |o| o.client == client)
            && table.of(client).all(|o| o.slot.is_busy());
        let slot = Arc::new(Slot::new(refused, self, now));
        let id = table.next;
        table.next += 1;
        table.open.push(Open {
            id,
            client,
            slot: slot.clone(),
        });
        Some(Registered {
            id,
            connections: self.clone(),
            slot,
        })
    }

    fn remove(&self, id: u64) {
        let mut table = lock(&self.table);
        if let Some(at) = table.open.iter().position(|o| o.id == id) {
            table.open.swap_remove(at);
        }
        drop(table);
        self.room.notify_one();
    }
}

impl Table {
    /// The connections of `client`.
    fn of(&self, client: IpAddr) -> impl Iterator<Item = &Open> {
        self.open.iter().filter(move |o| o.client == client)
    }

    /// Closes the connection idle longest among those `which` takes that
    /// may be closed, one that was answered before one that never was (a
    /// client's next request may be on its way on a new one): `false` if
    /// there is none.
    fn close_oldest(&mut self, now: u64, which: impl Fn(&Open) -> bool) -> bool {
        let oldest = self
            .open
            .iter()
            .enumerate()
            .filter(|(_, o)| which(o) && o.slot.closable(now))
            .min_by_key(|(_, o)| {
                let slot = &o.slot;
                let fresh = !slot.served.load(Ordering::Relaxed);
                (fresh, slot.idle_since.load(Ordering::Relaxed))
            })
            .map(|(at, _)| at);
        let Some(at) = oldest else { return false };
        let closed = self.open.swap_remove(at);
        closed.slot.closed.store(true, Ordering::Release);
        closed.slot.wake.notify_one();
        true
    }
}

impl Slot {
    fn new(refused: bool, connections: &Connections, now: u64) -> Slot {
        Slot {
            busy: AtomicBool::new(false),
            served: AtomicBool::new(false),
            opened: now,
            idle_since: AtomicU64::new(now),
            epoch: connections.epoch,
            closed: AtomicBool::new(false),
            refused,
            max_client: connections.max_client,
            written: AtomicU64::new(0),
            answer: Mutex::new(None),
            admission: Mutex::new(None),
            wake: Notify::new(),
            room: connections.room.clone(),
        }
    }

    fn idle(&self) -> bool {
        !self.busy.load(Ordering::Acquire)
    }

    /// Whether the connection may be closed to make room, `now`: it is
    /// idle, and was answered or is no longer young.
    fn closable(&self, now: u64) -> bool {
        let served = self.served.load(Ordering::Relaxed);
        self.idle() && (served || now.saturating_sub(self.opened) >= young())
    }

    /// Whether the connection's requests are answered 503: its client had
    /// every connection it may have busy when it opened it.
    pub fn refused(&self) -> bool {
        self.refused
    }

    /// Connections of one client open at once, at most.
    pub fn max_client(&self) -> usize {
        self.max_client
    }

    /// The request under way is in whole: the connection is busy until
    /// its answer is written.
    pub fn busy(&self) {
        self.busy.store(true, Ordering::Release);
    }

    /// Whether the request under way is in whole.
    pub fn is_busy(&self) -> bool {
        self.busy.load(Ordering::Acquire)
    }

    /// Holds `admission` until the answer is written.
    pub fn hold(&self, admission: OwnedSemaphorePermit) {
        *lock(&self.admission) = Some(admission);
    }

    /// The answer begins: from now on it must be taken at
    /// [`MIN_RATE`], after [`GRACE`].
    pub fn answering(&self) {
        let written = self.written.load(Ordering::Relaxed);
        *lock(&self.answer) = Some((Instant::now(), written));
        self.wake.notify_one();
    }

    /// The answer is written (or given up): the connection is idle again.
    pub fn answered(&self) {
        *lock(&self.answer) = None;
        lock(&self.admission).take();
        self.served.store(true, Ordering::Relaxed);
        self.idle_since.store(since(self.epoch), Ordering::Relaxed);
        self.busy.store(false, Ordering::Release);
        self.room.notify_one();
    }

    /// Counts `n` bytes written to the client.
    pub fn wrote(&self, n: usize) {
        self.written.fetch_add(n as u64, Ordering::Relaxed);
    }

    /// When the answer being written is due to have been taken as far as
    /// it has: `None` while none is.
    fn due(&self) -> Option<Instant> {
        let (began, before) = (*lock(&self.answer))?;
        let taken = self.written.load(Ordering::Relaxed) - before;
        Some(began + GRACE + Duration::from_secs_f64(taken as f64 / MIN_RATE as f64))
    }

    /// Returns when the connection is to be closed: to make room, or
    /// because its client takes its answer slower than [`MIN_RATE`].
    pub async fn watch(&self) {
        loop {
            let woken = self.wake.notified();
            if self.closed.load(Ordering::Acquire) {
                return;
            }
            match self.due() {
                Some(due) if due <= Instant::now() => return,
                Some(due) => {
                    tokio::select! {
                        () = woken => {}
                        () = tokio::time::sleep_until(due) => {}
                    }
                }
                None => woken.await,
            }
        }
    }
}
