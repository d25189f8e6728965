/** The part of MPJ Express's message buffers that user programs touch, so that programs written for it compile and run unchanged. */
package mpjbuf;
