// A bad network link in user space, for the chaos scenario `network` (badNetwork.ts): this machine's
// kernel has no netem, and Chromium no longer honours libwebrtc's fake-network field trials, so the
// packets of the impaired browser are handed here by iptables NFQUEUE (queue `num`, packet marks 1 = sent by
// the impaired browser, 2 = sent to it) and each one is dropped at random (`loss` %), or serialised
// on its link at `kbps` (one link per direction and per port of the impaired side, i.e. per
// connection; a backlog past `limit_ms` is dropped at the tail, as a router's queue) and released
// `delay_ms` later. On SIGTERM or SIGINT it prints its counts as one JSON line and exits.
// Build: gcc -O2 -o badLink badLink.c -lnetfilter_queue (Debian: libnetfilter-queue-dev).
// Usage: badLink <queue> <loss %> <delay ms> <kbps> <limit ms>
#include <arpa/inet.h>
#include <errno.h>
#include <libnetfilter_queue/libnetfilter_queue.h>
#include <linux/netfilter.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>

#define LINKS (2 * 65536)
#define MAX_PENDING 65536

typedef struct {
  double release;
  uint32_t id;
} Pending;

static Pending heap[MAX_PENDING];
static int pending = 0;
static double busy_until[LINKS];
static double loss_ratio, delay_s, bytes_per_s, limit_s;
static unsigned long long seen[3], lost[3], tail_dropped[3], delivered[3];
static volatile sig_atomic_t stopping = 0;
static struct nfq_q_handle *queue;

static double now_s(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static void heap_push(double release, uint32_t id) {
  int at = pending++;
  heap[at].release = release;
  heap[at].id = id;
  while (at > 0 && heap[(at - 1) / 2].release > heap[at].release) {
    Pending swap = heap[at];
    heap[at] = heap[(at - 1) / 2];
    heap[(at - 1) / 2] = swap;
    at = (at - 1) / 2;
  }
}

static Pending heap_pop(void) {
  Pending top = heap[0];
  heap[0] = heap[--pending];
  int at = 0;
  for (;;) {
    int left = 2 * at + 1, right = left + 1, least = at;
    if (left < pending && heap[left].release < heap[least].release) least = left;
    if (right < pending && heap[right].release < heap[least].release) least = right;
    if (least == at) break;
    Pending swap = heap[at];
    heap[at] = heap[least];
    heap[least] = swap;
    at = least;
  }
  return top;
}

/** The port of the impaired side: the source when it sent the packet (mark 1), else the destination. */
static int impaired_port(unsigned char *data, int length, int direction) {
  if (length < 20) return 0;
  int version = data[0] >> 4;
  if (version != 4 && version != 6) return 0;
  // IPv6 without extension headers (what loopback media and TCP carry); IPv4 with its options.
  int header = version == 4 ? (data[0] & 0x0f) * 4 : 40;
  int protocol = version == 4 ? data[9] : data[6];
  if ((protocol != 6 && protocol != 17) || length < header + 4) return 0;
  int source = (data[header] << 8) | data[header + 1];
  int destination = (data[header + 2] << 8) | data[header + 3];
  return direction == 1 ? source : destination;
}

static int on_packet(struct nfq_q_handle *handle, struct nfgenmsg *message, struct nfq_data *packet,
                     void *unused) {
  (void)message;
  (void)unused;
  struct nfqnl_msg_packet_hdr *header = nfq_get_msg_packet_hdr(packet);
  uint32_t id = header ? ntohl(header->packet_id) : 0;
  int direction = nfq_get_nfmark(packet) == 1 ? 1 : 2;
  unsigned char *data = NULL;
  int length = nfq_get_payload(packet, &data);
  seen[direction]++;
  if ((double)rand() / RAND_MAX < loss_ratio) {
    lost[direction]++;
    return nfq_set_verdict(handle, id, NF_DROP, 0, NULL);
  }
  double now = now_s();
  int link = (direction - 1) * 65536 + impaired_port(data, length, direction);
  double start = busy_until[link] > now ? busy_until[link] : now;
  if (start - now > limit_s || pending >= MAX_PENDING) {
    tail_dropped[direction]++;
    return nfq_set_verdict(handle, id, NF_DROP, 0, NULL);
  }
  busy_until[link] = start + (length > 0 ? length : 0) / bytes_per_s;
  heap_push(busy_until[link] + delay_s, id);
  return 0;
}

static void release_due(void) {
  double now = now_s();
  while (pending > 0 && heap[0].release <= now) {
    Pending due = heap_pop();
    nfq_set_verdict(queue, due.id, NF_ACCEPT, 0, NULL);
    delivered[0]++;
  }
}

static void on_signal(int signal) {
  (void)signal;
  stopping = 1;
}

int main(int argc, char **argv) {
  if (argc != 6) {
    fprintf(stderr, "usage: %s <queue> <loss %%> <delay ms> <kbps> <limit ms>\n", argv[0]);
    return 2;
  }
  int queue_number = atoi(argv[1]);
  loss_ratio = atof(argv[2]) / 100.0;
  delay_s = atof(argv[3]) / 1000.0;
  bytes_per_s = atof(argv[4]) * 1000.0 / 8.0;
  limit_s = atof(argv[5]) / 1000.0;
  srand((unsigned)time(NULL));
  struct nfq_handle *handle = nfq_open();
  if (!handle) {
    perror("nfq_open");
    return 1;
  }
  queue = nfq_create_queue(handle, queue_number, &on_packet, NULL);
  if (!queue) {
    perror("nfq_create_queue");
    return 1;
  }
  nfq_set_mode(queue, NFQNL_COPY_PACKET, 64);
  nfq_set_queue_maxlen(queue, 20000);
  int fd = nfq_fd(handle);
  int buffer = 8 * 1024 * 1024;
  setsockopt(fd, SOL_SOCKET, SO_RCVBUFFORCE, &buffer, sizeof buffer);
  signal(SIGTERM, on_signal);
  signal(SIGINT, on_signal);
  printf("ready\n");
  fflush(stdout);
  char packet[4096] __attribute__((aligned));
  while (!stopping) {
    int wait_ms = 50;
    if (pending > 0) {
      double until = (heap[0].release - now_s()) * 1000.0;
      wait_ms = until < 0 ? 0 : (until > 50 ? 50 : (int)until + 1);
    }
    struct pollfd ready = {.fd = fd, .events = POLLIN};
    if (poll(&ready, 1, wait_ms) > 0) {
      int received = recv(fd, packet, sizeof packet, MSG_DONTWAIT);
      while (received >= 0) {
        nfq_handle_packet(handle, packet, received);
        received = recv(fd, packet, sizeof packet, MSG_DONTWAIT);
      }
      if (errno == ENOBUFS) fprintf(stderr, "badLink: queue overrun (ENOBUFS)\n");
    }
    release_due();
  }
  // Whatever is still held goes on: the link is being taken down, not cut.
  while (pending > 0) nfq_set_verdict(queue, heap_pop().id, NF_ACCEPT, 0, NULL);
  printf("{\"sent\":{\"seen\":%llu,\"lost\":%llu,\"tailDropped\":%llu},"
         "\"received\":{\"seen\":%llu,\"lost\":%llu,\"tailDropped\":%llu},\"delivered\":%llu}\n",
         seen[1], lost[1], tail_dropped[1], seen[2], lost[2], tail_dropped[2], delivered[0]);
  fflush(stdout);
  nfq_destroy_queue(queue);
  nfq_close(handle);
  return 0;
}
