// expect: error control
void main( void ) { } // ERROR
